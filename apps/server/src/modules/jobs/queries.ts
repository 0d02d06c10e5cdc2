// The dead letters in pg-boss's own tables (schema `pgboss`, made and migrated by pg-boss at start,
// outside the app's migrations). A dead letter is a job in a `<name>-dead` queue, never worked: a copy
// of a job that failed its last attempt, with its data and the error (`output`).
import type { Database } from '../../db/client.ts';

/** pg-boss's schema: the app's migrations and drizzle-kit (schema files, `public`) never touch it. */
export const JOBS_SCHEMA = 'pgboss';

export interface DeadLetterDbRow {
  id: string;
  queue: string;
  failedAt: Date;
  /** The failed job's retry limit: it ran retryLimit + 1 times. */
  retryLimit: number;
  error: string | null;
}

/** A provider's dead letters in the given queues, newest first. */
export function providerDeadLetters(
  database: Database,
  queues: readonly string[],
  providerId: number,
  limit: number,
): Promise<DeadLetterDbRow[]> {
  return database.query<DeadLetterDbRow>(
    `select id::text as id, name as queue, created_on as "failedAt", retry_limit as "retryLimit",
            output->>'message' as error
     from ${JOBS_SCHEMA}.job
     where name = any($1::text[]) and state = 'created' and data->>'providerId' = $2
     order by created_on desc, id
     limit $3`,
    [queues, String(providerId), limit],
  );
}

/** One of the provider's dead letters: its queue and the job's data (to send it again). */
export async function providerDeadLetter(
  database: Database,
  queues: readonly string[],
  providerId: number,
  id: string,
): Promise<{ queue: string; data: Record<string, unknown> } | undefined> {
  const [row] = await database.query<{ queue: string; data: Record<string, unknown> }>(
    `select name as queue, data from ${JOBS_SCHEMA}.job
     where name = any($1::text[]) and id = $2::uuid and state = 'created' and data->>'providerId' = $3`,
    [queues, id, String(providerId)],
  );
  return row;
}
