// Rows of the Big Picture queries shaped into the contract's answers (packages/domain/src/schemas/bigPicture.ts).
import type {
  BigPictureChild,
  BigPictureGradingSummary,
  ChildAttribute,
  GradingsOverviewRow,
} from '@nursery/domain/spotlight';
import type { AttributeRow, BigPictureChildRow, OverviewRow } from './queries.ts';

/** Each child with its summary (gradingSummary in queries.ts: by child). */
export function childrenView(
  children: BigPictureChildRow[],
  summary: Map<number, BigPictureGradingSummary[]>,
): BigPictureChild[] {
  return children.map((c) => ({
    id: c.id,
    forename: c.forename,
    surname: c.surname,
    hasImage: c.hasImage,
    dob: c.dob,
    roomName: c.roomName,
    gradingSummary: summary.get(c.id) ?? [],
  }));
}

export function overviewView(r: OverviewRow): GradingsOverviewRow {
  return { childID: r.childId, itemID: r.itemId, value: r.value, ageRangeID: r.ageRangeId };
}

export function attributeView(r: AttributeRow): ChildAttribute {
  const values = r.values ?? [];
  const items = r.items ?? [];
  return {
    id: r.id,
    name: r.name,
    listItems: values.map((value, i) => ({ value, item: items[i] ?? value })),
  };
}
