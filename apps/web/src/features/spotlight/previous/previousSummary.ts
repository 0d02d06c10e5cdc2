import type { PreviousGradingCount } from '@nursery/domain/spotlight';

/**
 * The child's earlier gradings of a type in one line (PreviousGradingCounts): how many framework items
 * were graded at all, and how many times working towards (0), achieved (1) and best fit (2).
 */
export function gradingSummary(counts: readonly PreviousGradingCount[]): {
  items: number;
  workingTowards: number;
  achieved: number;
  bestFit: number;
} {
  const sum = (value: number) => counts.filter((c) => c.value === value).reduce((n, c) => n + c.count, 0);
  return {
    items: new Set(counts.map((c) => c.itemID)).size,
    workingTowards: sum(0),
    achieved: sum(1),
    bestFit: sum(2),
  };
}
