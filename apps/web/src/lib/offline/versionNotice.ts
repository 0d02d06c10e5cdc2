/**
 * The one newer-version notice (spec 002 §2 "a newer-version notice", §8 "Version alert: danger if
 * below 2.67.0 and not latest, prompting an update"). Two sources say a newer build exists: the
 * server's /api/health version, and a new service worker waiting on this device. Pure, unit-tested.
 */
import { compareVersions, versionAlert } from '@nursery/domain/common';

export interface VersionNoticeInput {
  /** The version this page runs (APP_VERSION). */
  running: string;
  /** The server's minimum version (config.minVersion, else MIN_APP_VERSION). */
  minVersion: string;
  /** The server's version from /api/health, null while unknown (offline, not asked yet). */
  latest: string | null;
  /** A new service worker is installed and waiting for a reload. */
  updateWaiting: boolean;
}

export type VersionNoticeDecision =
  | { level: 'danger'; message: 'version-outdated'; latest: string }
  | { level: 'info'; message: 'version-newer-available'; latest: string }
  | { level: 'info'; message: 'version-update-ready' }
  | null;

export function versionNoticeDecision({
  running,
  minVersion,
  latest,
  updateWaiting,
}: VersionNoticeInput): VersionNoticeDecision {
  const level = versionAlert(running, minVersion, latest);
  if (level === 'danger') {
    // "Prompting an update": the latest version is named when known, else the minimum.
    return { level: 'danger', message: 'version-outdated', latest: latest ?? minVersion };
  }
  if (level === 'info' && latest) return { level: 'info', message: 'version-newer-available', latest };
  if (updateWaiting) {
    // The worker's build is newer than this page even when the version number did not move.
    return latest && compareVersions(latest, running) > 0
      ? { level: 'info', message: 'version-newer-available', latest }
      : { level: 'info', message: 'version-update-ready' };
  }
  return null;
}

/** Whether the server runs a newer version than this page, so the device should fetch the new build. */
export function serverIsNewer(running: string, latest: string | null): boolean {
  return latest !== null && compareVersions(running, latest) < 0;
}
