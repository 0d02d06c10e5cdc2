// Name redaction across a provider's free text (GDPR erasure, issue 26). Every column below can hold
// free text that a member of staff or a parent typed, or a copy of it (notifications, e-mails, the
// audit trail): a mention of an erased child there is replaced with REDACTED_NAME, whoever the row
// belongs to (another child's observation that names the erased child keeps its facts, not the name).
// The database only narrows the rows (a case-insensitive LIKE on each name's words, an
// over-approximation); the whole-word, possessive-aware matching is redactNames in packages/domain.
import { redactNames, redactNamesInJson } from '@nursery/domain/children';
import { type SQL, sql } from 'drizzle-orm';
import type { Runner } from './queries.ts';

type Kind = 'text' | 'json';

/** Free-text columns by table. The erasure scan test (erasure-scan.test.ts) finds any column missed. */
export const FREE_TEXT_COLUMNS: Record<string, Record<string, Kind>> = {
  events: { notes: 'text', childs_voice: 'text', parent_notes: 'text' },
  event_comments: { text: 'text' },
  conversation_messages: { text: 'text' },
  event_history: { details: 'json' },
  event_medication: {
    name: 'text',
    dosage: 'text',
    strength: 'text',
    frequency: 'text',
    storage_and_disposal_instructions: 'text',
  },
  event_meals: { portion_amount: 'text' },
  gradings: { notes: 'text' },
  best_fits: { notes: 'text' },
  checkpoint_notes: { note: 'text' },
  considerations: { notes: 'text' },
  next_steps: { notes: 'text' },
  bookings: { notes: 'text', mark_off_notes: 'text' },
  booking_requests: { request_notes: 'text', response_notes: 'text' },
  attendance_requests: { notes: 'text' },
  gdpr_erasure_requests: { reason: 'text' },
  notifications: { json_blob: 'json' },
  email_outbox: { subject: 'text', body: 'text' },
  staff: { notes: 'text' },
  shifts: { notes: 'text' },
  site_closures: { reason: 'text' },
  people: { biography: 'text' },
  audit_log: { details: 'json' },
  idempotency_keys: { response_body: 'json' },
};

/** Words of the names for the database's narrowing: letters only, in the cases people type. */
function likePatterns(names: readonly string[]): string[] {
  const words = names.flatMap((n) => n.split(/[^\p{L}\p{N}\p{M}]+/u)).filter((w) => w.length >= 2);
  const cased = words.flatMap((w) => [
    w,
    w.toLowerCase(),
    w.toUpperCase(),
    w.charAt(0).toUpperCase() + w.slice(1).toLowerCase(),
  ]);
  return [...new Set(cased)].map((w) => `%${w.replace(/[\\%_]/g, '\\$&')}%`);
}

const patternArray = (patterns: string[]) =>
  sql`array[${sql.join(
    patterns.map((p) => sql`${p}`),
    sql`, `,
  )}]::text[]`;

/**
 * Replaces the names in every free-text column of the provider's rows. Answers the number of rows
 * changed per table. Runs in the caller's transaction; one update per changed row (all its columns
 * at once, so the row's ctid read here stays valid).
 */
export async function redactMentions(
  db: Runner,
  providerId: number,
  names: readonly string[],
): Promise<Record<string, number>> {
  const patterns = likePatterns(names);
  const changedRows: Record<string, number> = {};
  if (patterns.length === 0) return changedRows;
  const any = patternArray(patterns);
  for (const [table, columns] of Object.entries(FREE_TEXT_COLUMNS)) {
    const names_ = Object.keys(columns);
    const where = sql.join(
      names_.map((c) => sql`${sql.identifier(c)}::text ilike any (${any})`),
      sql` or `,
    );
    const rows = (
      await db.execute<Record<string, unknown>>(sql`
        select ctid::text as row_ctid, ${sql.join(
          names_.map((c) => sql.identifier(c)),
          sql`, `,
        )}
        from ${sql.identifier(table)} where provider_id = ${providerId} and (${where}) for update`)
    ).rows;
    let changed = 0;
    for (const row of rows) {
      const sets: SQL[] = [];
      for (const [column, kind] of Object.entries(columns)) {
        const before = row[column];
        if (before === null || before === undefined) continue;
        if (kind === 'text') {
          const after = redactNames(String(before), names);
          if (after !== before) sets.push(sql`${sql.identifier(column)} = ${after}`);
        } else {
          const value = typeof before === 'string' ? JSON.parse(before) : before;
          const after = redactNamesInJson(value, names);
          if (JSON.stringify(after) !== JSON.stringify(value))
            sets.push(sql`${sql.identifier(column)} = ${JSON.stringify(after)}::jsonb`);
        }
      }
      if (sets.length === 0) continue;
      await db.execute(sql`
        update ${sql.identifier(table)} set ${sql.join(sets, sql`, `)}
        where provider_id = ${providerId} and ctid = ${String(row.row_ctid)}::tid`);
      changed++;
    }
    if (changed > 0) changedRows[table] = changed;
  }
  return changedRows;
}
