// Vitest setup file (runs before every test file). Under NURSERY_TEST_NOW only Date is faked
// (timers stay real) and keeps moving from that instant, so code that reads `new Date()`,
// `Date.now()` or the system clock sees the fixed day and hour. PGlite's SQL now() reads
// Date.now() too; a PostgreSQL server keeps its own clock.
import { vi } from 'vitest';
import { fixedTestNow } from './fixed-now.ts';

const now = fixedTestNow();
if (now) vi.useFakeTimers({ toFake: ['Date'], now, shouldAdvanceTime: true });
