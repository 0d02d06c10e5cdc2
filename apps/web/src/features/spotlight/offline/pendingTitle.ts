import type { SiteChild } from '@nursery/domain/children';
import { translateKey } from '../../../lib/i18n';

/** How many children's names a waiting save's title spells out before 'and N more'. */
const NAMED_CHILDREN = 3;

/** A waiting save's label in the list: the type's name and its children's names. */
export function pendingTitle(
  typeName: string,
  childIDs: readonly number[],
  siteChildren: readonly SiteChild[],
): string {
  const byID = new Map(siteChildren.map((c) => [c.id, `${c.forename} ${c.surname}`]));
  const names = childIDs.map((id) => byID.get(id) ?? `#${id}`);
  const shown = names.slice(0, NAMED_CHILDREN).join(', ');
  const children =
    names.length > NAMED_CHILDREN
      ? translateKey('spotlight-pending-more-children', {
          names: shown,
          count: names.length - NAMED_CHILDREN,
        })
      : shown;
  return translateKey('spotlight-pending-title-children', { type: typeName, children });
}
