/**
 * The one source of "now" for the web app. Screens never call `new Date()` directly, so e2e tests can
 * freeze time by setting `window.__NURSERY_NOW__` (an ISO date-time) before the app starts, and unit
 * tests can call `setNowOverride`.
 */
let override: Date | null = null;

function frozenFromWindow(): Date | null {
  if (typeof window === 'undefined' || typeof window.__NURSERY_NOW__ !== 'string') return null;
  const frozen = new Date(window.__NURSERY_NOW__);
  return Number.isNaN(frozen.getTime()) ? null : frozen;
}

export function now(): Date {
  if (override) return new Date(override.getTime());
  return frozenFromWindow() ?? new Date();
}

export function setNowOverride(value: Date | null): void {
  override = value;
}
