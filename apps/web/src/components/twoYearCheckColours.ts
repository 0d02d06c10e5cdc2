import type { TwoYearCheckStatus } from '@nursery/domain/common';

/**
 * The two-year check's colour by status, the same wherever a child's check shows (Home's key children,
 * the Event Checker): green done, blue due, orange soon, red overdue, grey not yet applicable.
 */
export const TWO_YEAR_CHECK_COLOURS: Record<TwoYearCheckStatus, string> = {
  done: 'green',
  invalid: 'gray',
  due: 'blue',
  warning: 'orange',
  overdue: 'red',
};
