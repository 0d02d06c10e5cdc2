import { describe, expect, it } from 'vitest';
import { NetworkError } from '../lib/api';
import { pagedRows } from './PagedTable';

type Page = { items: number[] };
const answer = (pages: Page[] | undefined, error: Error | null = null) => ({
  data: pages === undefined ? undefined : { pages },
  isError: error !== null,
  error,
});
const items = (p: Page) => p.items;

describe('pagedRows', () => {
  it('gives every page’s rows in order and their count', () => {
    const list = pagedRows(answer([{ items: [1, 2] }, { items: [3] }]), false, items);
    expect(list.rows).toEqual([1, 2, 3]);
    expect(list.table).toEqual({ unreachable: false, waiting: false, rowCount: 3 });
  });

  it('waits while the first page is on its way', () => {
    expect(pagedRows(answer(undefined), false, items).table).toEqual({
      unreachable: false,
      waiting: true,
      rowCount: 0,
    });
  });

  it('is unreachable offline or on a network failure before any page, not on a refusal', () => {
    expect(pagedRows(answer(undefined), true, items).table.unreachable).toBe(true);
    const network = new NetworkError();
    expect(pagedRows(answer(undefined, network), false, items).table.unreachable).toBe(true);
    expect(pagedRows(answer(undefined, new Error('500')), false, items).table.unreachable).toBe(false);
  });

  it('keeps the pages already shown when the device goes offline', () => {
    expect(pagedRows(answer([{ items: [1] }]), true, items).table.unreachable).toBe(false);
  });
});
