// The framework reference data of one site (spec 000 §3 "Framework", spec 001 §3), read in five
// index-backed queries run in parallel and assembled into the FrameworksAnswer of the domain.
import type { Framework, FrameworkItem, FrameworksAnswer } from '@nursery/domain/frameworks';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  ageRanges,
  frameworkItems,
  frameworkSchemes,
  frameworks as frameworksTable,
  learningStyles,
  schemeGrades,
} from '../../db/schema/index.ts';

/** What the tree walk needs of an item: its id, its parent and its place among its siblings. */
type TreeNode = Pick<typeof frameworkItems.$inferSelect, 'id' | 'parentId' | 'sortOrder'>;

/** Frameworks of the provider usable at the site: enabled and not switched off for it. */
const usable = (providerId: number, siteId: number): SQL =>
  sql`${frameworksTable.providerId} = ${providerId} and ${frameworksTable.enabled}
  and not (${siteId}::int = any(${frameworksTable.disabledSiteIds}))`;

/**
 * Enabled items depth-first in sort order (sort_order, then id), a parent always before its
 * children. Rows are the enabled items only, so the subtree under a disabled item (whose parent
 * is missing) is never reached from a root.
 */
export function itemsInTreeOrder<T extends TreeNode>(rows: T[]): T[] {
  const children = new Map<string | null, T[]>();
  for (const r of rows) {
    const list = children.get(r.parentId);
    if (list) list.push(r);
    else children.set(r.parentId, [r]);
  }
  const bySortOrder = (a: T, b: T) => a.sortOrder - b.sortOrder || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  for (const list of children.values()) list.sort(bySortOrder);
  const out: T[] = [];
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
  const f = frameworksTable;
  const levelsOf = (column: SQL) => sql`array(select ${column} from framework_levels l
    where l.provider_id = ${f.providerId} and l.framework_id = ${f.id} order by l.depth)`;
  const [fw, ranges, schemes, items, styles] = await Promise.all([
    db
      .select({
        id: f.id,
        name: f.name,
        shortName: f.shortName,
        template: f.template,
        statementLevel: f.statementLevel,
        levelDepths: sql<number[] | null>`${levelsOf(sql`l.depth::int`)}`,
        levelNames: sql<string[] | null>`${levelsOf(sql`l.name`)}`,
      })
      .from(f)
      .where(usable(providerId, siteId))
      .orderBy(asc(f.sortOrder), asc(f.id)),
    db
      .select({
        id: ageRanges.id,
        frameworkId: f.id, // ageRanges.frameworkId by the join, never null here
        name: ageRanges.name,
        shortLabel: ageRanges.shortLabel,
        backgroundColour: ageRanges.backgroundColour,
        foregroundColour: ageRanges.foregroundColour,
        minMonths: ageRanges.minMonths,
        maxMonths: ageRanges.maxMonths,
      })
      .from(ageRanges)
      .innerJoin(f, and(eq(f.providerId, ageRanges.providerId), eq(f.id, ageRanges.frameworkId)))
      .where(
        and(eq(ageRanges.providerId, providerId), eq(ageRanges.enabled, true), usable(providerId, siteId)),
      )
      .orderBy(asc(ageRanges.sortOrder), asc(ageRanges.id)),
    db
      .select({
        schemeId: frameworkSchemes.id,
        frameworkId: frameworkSchemes.frameworkId,
        eventTypeId: frameworkSchemes.eventTypeId,
        allowAgeRange: frameworkSchemes.allowAgeRange,
        allowNotes: frameworkSchemes.allowNotes,
        allowNextSteps: frameworkSchemes.allowNextSteps,
        template: frameworkSchemes.template,
        gradeId: schemeGrades.id,
        gradeName: schemeGrades.name,
        gradeValue: schemeGrades.value,
        colour: schemeGrades.colour,
        style: schemeGrades.style,
      })
      .from(frameworkSchemes)
      .innerJoin(
        f,
        and(eq(f.providerId, frameworkSchemes.providerId), eq(f.id, frameworkSchemes.frameworkId)),
      )
      .leftJoin(
        schemeGrades,
        and(
          eq(schemeGrades.providerId, frameworkSchemes.providerId),
          eq(schemeGrades.schemeId, frameworkSchemes.id),
          eq(schemeGrades.visible, true),
        ),
      )
      .where(and(eq(frameworkSchemes.providerId, providerId), usable(providerId, siteId)))
      .orderBy(
        asc(frameworkSchemes.eventTypeId),
        asc(frameworkSchemes.id),
        asc(schemeGrades.sortOrder),
        asc(schemeGrades.value),
      ),
    db
      .select({
        id: frameworkItems.id,
        uniqueId: frameworkItems.uniqueId,
        frameworkId: frameworkItems.frameworkId,
        parentId: frameworkItems.parentId,
        name: frameworkItems.name,
        levelName: frameworkItems.levelName,
        depth: frameworkItems.depth,
        ageRangeId: frameworkItems.ageRangeId,
        helpText: frameworkItems.helpText,
        tag: frameworkItems.tag,
        sortOrder: frameworkItems.sortOrder,
      })
      .from(frameworkItems)
      .innerJoin(f, and(eq(f.providerId, frameworkItems.providerId), eq(f.id, frameworkItems.frameworkId)))
      .where(
        and(
          eq(frameworkItems.providerId, providerId),
          eq(frameworkItems.enabled, true),
          usable(providerId, siteId),
        ),
      ),
    db
      .select({ id: learningStyles.id, parentId: learningStyles.parentId, name: learningStyles.name })
      .from(learningStyles)
      .where(and(eq(learningStyles.providerId, providerId), eq(learningStyles.enabled, true)))
      .orderBy(asc(learningStyles.sortOrder), asc(learningStyles.id)),
  ]);

  const frameworks = new Map<string, Framework>();
  for (const f of fw) {
    const depths = f.levelDepths ?? [];
    const names = f.levelNames ?? [];
    frameworks.set(f.id, {
      id: f.id,
      name: f.name,
      shortName: f.shortName,
      template: f.template,
      statementLevel: f.statementLevel,
      levels: depths.map((depth, i) => ({ depth: Number(depth), name: names[i]! })),
      ageRanges: [],
      schemes: [],
      items: [],
    });
  }
  for (const a of ranges) {
    frameworks.get(a.frameworkId)?.ageRanges.push({
      id: a.id,
      name: a.name,
      shortLabel: a.shortLabel,
      backgroundColour: a.backgroundColour,
      foregroundColour: a.foregroundColour,
      minMonths: a.minMonths,
      maxMonths: a.maxMonths,
    });
  }
  let lastScheme: { id: number; grades: Framework['schemes'][number]['grades'] } | undefined;
  for (const s of schemes) {
    const f = frameworks.get(s.frameworkId);
    if (!f) continue;
    if (lastScheme?.id !== s.schemeId) {
      const scheme = {
        eventTypeID: s.eventTypeId,
        allowAgeRange: s.allowAgeRange,
        allowNotes: s.allowNotes,
        allowNextSteps: s.allowNextSteps,
        template: s.template,
        grades: [],
      };
      f.schemes.push(scheme);
      lastScheme = { id: s.schemeId, grades: scheme.grades };
    }
    if (s.gradeId !== null) {
      lastScheme.grades.push({
        id: s.gradeId,
        name: s.gradeName!,
        value: s.gradeValue!,
        colour: s.colour,
        style: s.style,
      });
    }
  }
  for (const r of itemsInTreeOrder(items)) {
    const item: FrameworkItem = {
      id: r.id,
      uniqueID: r.uniqueId,
      parentID: r.parentId,
      name: r.name,
      levelName: r.levelName,
      depth: r.depth,
      ageRangeID: r.ageRangeId,
      helpText: r.helpText,
      tag: r.tag,
    };
    frameworks.get(r.frameworkId)?.items.push(item);
  }
  return {
    siteID: siteId,
    frameworks: [...frameworks.values()],
    learningStyles: styles.map((s) => ({ id: s.id, parentID: s.parentId, name: s.name })),
  };
}
