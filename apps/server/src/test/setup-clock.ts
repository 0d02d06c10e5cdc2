// Vitest setup file (runs before every test file). Only Date is faked (timers stay real), and it
// keeps moving from its start, so code that reads `new Date()`, `Date.now()` or the system clock
// sees the seed's day and hour. PGlite's SQL now() reads Date.now() too; a PostgreSQL server
// keeps its own clock (the app reads time from its injected clock, never from SQL).
// - Under NURSERY_TEST_NOW every file starts at that instant.
// - Otherwise every file starts at the instant the global setup seeded the demo data: a run that
//   starts at 23:59 and reaches a file at 00:03 would otherwise look for "today's" registers on
//   the next day, when the demo data holds the day before (CI run of 05/12/2026).
import { inject, vi } from 'vitest';
import { fixedTestNow } from './fixed-now.ts';

const now = fixedTestNow() ?? new Date(inject('seedNow'));
vi.useFakeTimers({ toFake: ['Date'], now, shouldAdvanceTime: true });
