// Rows of the Big Picture queries shaped into the contract's answers (packages/domain/src/schemas/bigPicture.ts).
import type {
  BigPictureChild,
  BigPictureGradingSummary,
  ChildAttribute,
  GradingsOverviewRow,
} from '@nursery/domain';
import type { AttributeRow, BigPictureChildRow, OverviewRow, SummaryRow } from './queries.ts';

export function summaryView(r: SummaryRow): BigPictureGradingSummary {
  return { itemID: r.item_id, eventType: r.tag, ageRangeID: r.age_range_id, value: r.value, count: r.count };
}

/** Each child with its summary rows (the rows are ordered by child). */
export function childrenView(children: BigPictureChildRow[], summary: SummaryRow[]): BigPictureChild[] {
  const byChild = new Map<number, BigPictureGradingSummary[]>();
  for (const r of summary) {
    const list = byChild.get(r.child_id);
    if (list) list.push(summaryView(r));
    else byChild.set(r.child_id, [summaryView(r)]);
  }
  return children.map((c) => ({
    id: c.id,
    forename: c.forename,
    surname: c.surname,
    hasImage: c.has_image,
    dob: c.dob,
    roomName: c.room_name,
    gradingSummary: byChild.get(c.id) ?? [],
  }));
}

export function overviewView(r: OverviewRow): GradingsOverviewRow {
  return { childID: r.child_id, itemID: r.item_id, value: r.value, ageRangeID: r.age_range_id };
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
