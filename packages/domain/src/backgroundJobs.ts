/**
 * Background jobs (issue 32): the work the server does outside a request, run once across instances on
 * the PostgreSQL job queue (pg-boss). A job that failed every attempt becomes a dead letter, which a
 * manager sees on #/settings/device and may retry or delete.
 */
import type { PermissionMap } from './permissions.ts';

/**
 * The kinds of background job: the e-mail outbox's round (every minute, for the whole installation)
 * and the deletion of the media files a GDPR erasure left (one job per approved erasure).
 */
export const BACKGROUND_JOB_NAMES = ['email-outbox-round', 'erased-media-files'] as const;
export type BackgroundJobName = (typeof BACKGROUND_JOB_NAMES)[number];

/**
 * Who sees and handles the dead letters: the device page's administration rule (its e-mail outbox
 * section's too), addStaff or settingsProvider.
 */
export const mayManageBackgroundJobs = (permissions: Partial<PermissionMap>): boolean =>
  permissions.addStaff === true || permissions.settingsProvider === true;

/** The longest error message a dead letter shows (the rest is in the server's log). */
export const DEAD_LETTER_ERROR_MAX = 300;

/**
 * The message a dead letter shows: the error's first line, any URL's credentials (`//user:pass@`)
 * removed, cut to DEAD_LETTER_ERROR_MAX characters. Never the stack.
 */
export function deadLetterMessage(message: string | null | undefined): string {
  const firstLine = (message ?? '').split('\n')[0]?.trim() ?? '';
  const withoutCredentials = firstLine.replace(/\/\/[^/@\s]*@/g, '//[hidden]@');
  return withoutCredentials.length > DEAD_LETTER_ERROR_MAX
    ? `${withoutCredentials.slice(0, DEAD_LETTER_ERROR_MAX - 1)}…`
    : withoutCredentials;
}
