// The framework reference data of one site (spec 000 §3 "Framework", spec 001 §3), read in five
// index-backed queries run in parallel and assembled into the FrameworksAnswer of the domain.
import type { Framework, FrameworkItem, FrameworksAnswer } from '@nursery/domain/frameworks';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

interface FrameworkRow {
  id: string;
  name: string;
  short_name: string | null;
  template: 'mini' | 'generic';
  statement_level: string | null;
  level_depths: number[] | null;
  level_names: string[] | null;
}
interface AgeRangeRow {
  id: number;
  framework_id: string;
  name: string;
  short_label: string | null;
  background_colour: string | null;
  foreground_colour: string | null;
  min_months: number | null;
  max_months: number | null;
}
interface SchemeRow {
  scheme_id: number;
  framework_id: string;
  event_type_id: number;
  allow_age_range: boolean;
  allow_notes: boolean;
  allow_next_steps: boolean;
  template: 'checkbox' | 'tristate' | 'other';
  grade_id: number | null;
  grade_name: string | null;
  grade_value: number | null;
  colour: string | null;
  style: string | null;
}
export interface ItemRow {
  id: string;
  unique_id: number;
  framework_id: string;
  parent_id: string | null;
  name: string;
  level_name: string | null;
  depth: number;
  age_range_id: number | null;
  help_text: string | null;
  tag: string | null;
  sort_order: number;
}
interface LearningStyleRow {
  id: number;
  parent_id: number | null;
  name: string;
}

type Rows<T> = T & Record<string, unknown>;

/** Frameworks of the provider usable at the site: enabled and not switched off for it. */
const usable = (alias: string, providerId: number, siteId: number): SQL => sql`
  ${sql.raw(alias)}.provider_id = ${providerId} and ${sql.raw(alias)}.enabled
  and not (${siteId}::int = any(${sql.raw(alias)}.disabled_site_ids))`;

/**
 * Enabled items depth-first in sort order (sort_order, then id), a parent always before its
 * children. Rows are the enabled items only, so the subtree under a disabled item (whose parent
 * is missing) is never reached from a root.
 */
export function itemsInTreeOrder(rows: ItemRow[]): ItemRow[] {
  const children = new Map<string | null, ItemRow[]>();
  for (const r of rows) {
    const list = children.get(r.parent_id);
    if (list) list.push(r);
    else children.set(r.parent_id, [r]);
  }
  const bySortOrder = (a: ItemRow, b: ItemRow) =>
    a.sort_order - b.sort_order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  for (const list of children.values()) list.sort(bySortOrder);
  const out: ItemRow[] = [];
  // Iterative depth-first walk (a deep tree cannot overflow the stack).
  const stack = [...(children.get(null) ?? [])].reverse();
  while (stack.length) {
    const r = stack.pop()!;
    out.push(r);
    const kids = children.get(r.id);
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  return out;
}

export async function frameworksForSite(
  db: Db,
  providerId: number,
  siteId: number,
): Promise<FrameworksAnswer> {
  const [fw, ranges, schemes, items, styles] = await Promise.all([
    db.execute<Rows<FrameworkRow>>(sql`
      select f.id, f.name, f.short_name, f.template, f.statement_level,
        array(select l.depth::int from framework_levels l
              where l.provider_id = f.provider_id and l.framework_id = f.id order by l.depth) as level_depths,
        array(select l.name from framework_levels l
              where l.provider_id = f.provider_id and l.framework_id = f.id order by l.depth) as level_names
      from frameworks f
      where ${usable('f', providerId, siteId)}
      order by f.sort_order, f.id`),
    db.execute<Rows<AgeRangeRow>>(sql`
      select a.id, a.framework_id, a.name, a.short_label, a.background_colour, a.foreground_colour,
        a.min_months::int as min_months, a.max_months::int as max_months
      from age_ranges a
      join frameworks f on f.provider_id = a.provider_id and f.id = a.framework_id
      where a.provider_id = ${providerId} and a.enabled and ${usable('f', providerId, siteId)}
      order by a.sort_order, a.id`),
    db.execute<Rows<SchemeRow>>(sql`
      select s.id as scheme_id, s.framework_id, s.event_type_id, s.allow_age_range, s.allow_notes,
        s.allow_next_steps, s.template, g.id as grade_id, g.name as grade_name, g.value::int as grade_value,
        g.colour, g.style
      from framework_schemes s
      join frameworks f on f.provider_id = s.provider_id and f.id = s.framework_id
      left join scheme_grades g on g.provider_id = s.provider_id and g.scheme_id = s.id and g.visible
      where s.provider_id = ${providerId} and ${usable('f', providerId, siteId)}
      order by s.event_type_id, s.id, g.sort_order, g.value`),
    db.execute<Rows<ItemRow>>(sql`
      select i.id, i.unique_id, i.framework_id, i.parent_id, i.name, i.level_name, i.depth::int as depth,
        i.age_range_id, i.help_text, i.tag, i.sort_order::int as sort_order
      from framework_items i
      join frameworks f on f.provider_id = i.provider_id and f.id = i.framework_id
      where i.provider_id = ${providerId} and i.enabled and ${usable('f', providerId, siteId)}`),
    db.execute<Rows<LearningStyleRow>>(sql`
      select id, parent_id, name from learning_styles
      where provider_id = ${providerId} and enabled
      order by sort_order, id`),
  ]);

  const frameworks = new Map<string, Framework>();
  for (const f of fw.rows) {
    const depths = f.level_depths ?? [];
    const names = f.level_names ?? [];
    frameworks.set(f.id, {
      id: f.id,
      name: f.name,
      shortName: f.short_name,
      template: f.template,
      statementLevel: f.statement_level,
      levels: depths.map((depth, i) => ({ depth: Number(depth), name: names[i]! })),
      ageRanges: [],
      schemes: [],
      items: [],
    });
  }
  for (const a of ranges.rows) {
    frameworks.get(a.framework_id)?.ageRanges.push({
      id: a.id,
      name: a.name,
      shortLabel: a.short_label,
      backgroundColour: a.background_colour,
      foregroundColour: a.foreground_colour,
      minMonths: a.min_months,
      maxMonths: a.max_months,
    });
  }
  let lastScheme: { id: number; grades: Framework['schemes'][number]['grades'] } | undefined;
  for (const s of schemes.rows) {
    const f = frameworks.get(s.framework_id);
    if (!f) continue;
    if (lastScheme?.id !== s.scheme_id) {
      const scheme = {
        eventTypeID: s.event_type_id,
        allowAgeRange: s.allow_age_range,
        allowNotes: s.allow_notes,
        allowNextSteps: s.allow_next_steps,
        template: s.template,
        grades: [],
      };
      f.schemes.push(scheme);
      lastScheme = { id: s.scheme_id, grades: scheme.grades };
    }
    if (s.grade_id !== null) {
      lastScheme.grades.push({
        id: s.grade_id,
        name: s.grade_name!,
        value: s.grade_value!,
        colour: s.colour,
        style: s.style,
      });
    }
  }
  for (const r of itemsInTreeOrder(items.rows)) {
    const item: FrameworkItem = {
      id: r.id,
      uniqueID: r.unique_id,
      parentID: r.parent_id,
      name: r.name,
      levelName: r.level_name,
      depth: r.depth,
      ageRangeID: r.age_range_id,
      helpText: r.help_text,
      tag: r.tag,
    };
    frameworks.get(r.framework_id)?.items.push(item);
  }
  return {
    siteID: siteId,
    frameworks: [...frameworks.values()],
    learningStyles: styles.rows.map((s) => ({ id: s.id, parentID: s.parent_id, name: s.name })),
  };
}
