/** App version checks (spec 002 §8, §9). */
import { MIN_APP_VERSION } from './limits.ts';

function parts(version: string): number[] {
  return version
    .trim()
    .replace(/^v/i, '')
    .split(/[.+-]/)
    .slice(0, 3)
    .map((p) => {
      const n = Number.parseInt(p, 10);
      return Number.isFinite(n) ? n : 0;
    });
}

/** -1, 0 or 1 comparing dotted numeric versions ('2.9.0' < '2.10.0'; missing parts are 0). */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < 3; i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

export type VersionAlert = 'danger' | 'info' | null;

/**
 * 'danger' when the running version is below the minimum (2.67.0 by default) and is not the
 * latest, prompting an update; 'info' when a newer version exists; otherwise null.
 */
export function versionAlert(
  running: string,
  serverMin: string = MIN_APP_VERSION,
  latest?: string | null,
): VersionAlert {
  const isLatest = latest ? compareVersions(running, latest) >= 0 : false;
  if (compareVersions(running, serverMin) < 0 && !isLatest) return 'danger';
  if (latest && compareVersions(running, latest) < 0) return 'info';
  return null;
}
