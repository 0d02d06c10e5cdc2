// What every module's routes and services are given: the database, the one clock and the waits the
// tests replace. Kept apart from app.ts so that no module imports the file that imports it.
import type { AppLinks } from '@nursery/domain/account';
import type { Clock } from '@nursery/domain/common';
import type { Database, Db } from './db/client.ts';
import type { JobQueue } from './lib/job-queue.ts';
import type { ObjectStore } from './lib/object-store/index.ts';
import type { ReadAudit } from './lib/record-audit.ts';

export interface AppDeps {
  db: Db;
  database: Database;
  clock: Clock;
  /** Root of the stored files (DATA_DIR/media): the staff register keeps its signature images there. */
  mediaDir: string;
  /** Issue 32: where media files, signature images and photos are stored (lib/object-store): disk or bucket. */
  objects: ObjectStore;
  /** Waits that many milliseconds (the log-in slowdown); tests pass one that records and returns. */
  wait?: (ms: number) => Promise<void>;
  /** The audit trail's read rows (lib/record-audit.ts): batched per interval, or at once in tests. */
  readAudit: ReadAudit;
  /**
   * E-mail (issue 29): whether the outbox is sent through SMTP (SMTP_URL) or only kept, and the
   * web app's address the invitations link to (PUBLIC_URL; unset: the request's origin).
   */
  mail?: { smtp: boolean; publicUrl?: string };
  /** E2E only (SESSION_MINUTE_MS, issue 30): a session-timeout minute in milliseconds; 60 000 otherwise. */
  sessionMinuteMs?: number;
  /** Issue 30: the integrations service (INTEGRATIONS_URL); without a base URL, the built-in stub. */
  integrations?: { baseUrl?: string; apiKey?: string };
  /** The profile's help, feedback and privacy links (issue 30; config/env.ts appLinks); unset: none. */
  links?: AppLinks;
  /** Issue 32: the background job queue (lib/job-queue.ts): pg-boss in main.ts, inline in tests. */
  jobs: JobQueue;
}
