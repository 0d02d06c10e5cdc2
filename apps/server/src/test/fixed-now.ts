// The test clock. NURSERY_TEST_NOW=<ISO instant> runs the suites as if it were that instant:
// the global setup seeds the demo data at it, and each test file starts with Date faked to it
// (see setup-clock.ts). Without it, tests run at the real time.
export const TEST_NOW_ENV = 'NURSERY_TEST_NOW';

/** The fixed instant of this run, or null when tests run at the real time. */
export function fixedTestNow(): Date | null {
  const value = process.env[TEST_NOW_ENV];
  if (!value) return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime()) || !/(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    throw new RangeError(
      `${TEST_NOW_ENV} must be an ISO instant with an offset (e.g. 2027-03-28T00:30:00Z), not ${value}`,
    );
  }
  return at;
}
