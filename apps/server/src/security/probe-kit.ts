// What the access probes share (security/tenancy-probe.test.ts: providers × roles;
// security/site-status-probe.test.ts: sites × statuses): the operations the server serves, multipart
// bodies, error codes of answers, sessions made directly for accounts that cannot log in, and a
// fingerprint of one provider's rows and media files (so a refused write is seen to change nothing).
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { createSession } from '../modules/auth/queries.ts';
import { hashToken, newSessionToken } from '../plugins/auth.ts';
import type { TestApp } from '../test/harness.ts';

/** A 1×1 transparent PNG (the signature probes). */
export const PROBE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer };

/** A multipart/form-data body (file parts are sent as image/jpeg). */
export function multipart(parts: Part[]) {
  const boundary = `----probe${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if ('value' in p) chunks.push(Buffer.from(`${head}\r\n\r\n${p.value}\r\n`));
    else
      chunks.push(
        Buffer.from(`${head}; filename="${p.filename}"\r\nContent-Type: image/jpeg\r\n\r\n`),
        p.data,
        Buffer.from('\r\n'),
      );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Operations of the OpenAPI document as `METHOD /path` (path parameters as `{name}`). */
export function documentedOperations(t: TestApp): string[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => `${m.toUpperCase()} ${p}`),
  );
}

/**
 * Every route the server registered, as `METHOD /path` with `{name}` parameters, read from Fastify's
 * own route tree (printRoutes), so a route left out of the OpenAPI document is listed too. HEAD is
 * left out: Fastify adds it to every GET with the GET's handler.
 */
export function registeredRoutes(t: TestApp): string[] {
  const tree = t.app.printRoutes({ commonPrefix: false });
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    // Each level of the tree is drawn 4 characters wide ("│   ", "├── ", "└── ").
    const match = /^([│├└─\s]*?)(?:├── |└── )(\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const segment = match[2]!;
    const full = `${prefixes[depth - 1] ?? ''}${segment}`;
    prefixes[depth] = full;
    prefixes.length = depth + 1;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (!method || method === 'HEAD') continue;
      routes.push(`${method} ${full.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return [...new Set(routes)].sort();
}

/** Fields of the GraphQL schema's root types as `Query.name`, `Mutation.name`. */
export function graphqlFields(t: TestApp): string[] {
  const schema = t.app.graphql.schema;
  return [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((type) =>
    type ? Object.keys(type.getFields()).map((f) => `${type.name}.${f}`) : [],
  );
}

/** The error code of a REST or GraphQL error answer. */
export function codeOf(res: LightMyRequestResponse): string | undefined {
  try {
    const body = res.json();
    return body?.err?.code ?? body?.errors?.[0]?.extensions?.code;
  } catch {
    return undefined;
  }
}

/**
 * A session row made directly for an account (a parent cannot log in to the staff app; a demo staff
 * account waiting for activation has no password): answers its id and the cookie header.
 */
export async function directSession(
  t: TestApp,
  account: { providerId: number; userId: number; siteId: number | null },
  userAgent: string,
): Promise<{ id: string; cookie: string }> {
  const token = newSessionToken();
  const id = hashToken(token);
  await createSession(t.database.db, {
    id,
    providerId: account.providerId,
    userId: account.userId,
    siteId: account.siteId,
    timeoutMinutes: 60,
    now: new Date(),
    userAgent,
  });
  return { id, cookie: `nursery_sid=${token}` };
}

/** The files of one provider's media folder, as `count sha256`. */
export async function mediaFiles(mediaDir: string, providerId: number): Promise<string> {
  const dir = path.join(mediaDir, String(providerId));
  const names = (await readdir(dir).catch(() => [] as string[])).sort();
  const hash = createHash('sha256');
  for (const name of names) hash.update(name).update(await readFile(path.join(dir, name)));
  return `${names.length} ${hash.digest('hex')}`;
}

/**
 * Every table with a provider_id, as (count, md5 of the rows), for one provider, plus its provider row
 * and media files. Left out: log-in failures, the log-in/out audit rows (a probe may log in), the
 * audit trail's read rows (a read is not a change), the sessions' sliding expiry (only who and which site is compared) and the sessions in `ignoreSessions`.
 */
export async function fingerprint(
  t: TestApp,
  mediaDir: string,
  providerId: number,
  ignoreSessions: readonly string[] = [],
): Promise<Record<string, string>> {
  const tables = await t.database.query<{ table_name: string }>(
    `select distinct table_name from information_schema.columns
     where table_schema = 'public' and column_name = 'provider_id' order by table_name`,
  );
  const ignored = ignoreSessions.map((id) => `'${id}'`).join(', ');
  const parts = tables.map(({ table_name: name }) => {
    const filter =
      name === 'audit_log'
        ? ` and action not in ('login', 'login-failed', 'logout')`
        : name === 'record_audit'
          ? // A read the user may make is audited (issue 26): reads are not changes.
            ` and operation <> 'read'`
          : name === 'login_failures'
            ? ' and false'
            : name === 'server_sessions' && ignored
              ? ` and t.id not in (${ignored})`
              : '';
    const row = name === 'server_sessions' ? `(t.id, t.user_id, t.site_id)::text` : 't::text';
    return `select '${name}' as name, count(*)::int as n,
              md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as h
            from "${name}" t where t.provider_id = ${providerId}${filter}`;
  });
  const rows = await t.database.query<{ name: string; n: number; h: string }>(parts.join('\nunion all\n'));
  return {
    ...Object.fromEntries(rows.map((r) => [r.name, `${r.n} ${r.h}`])),
    provider: JSON.stringify(await t.database.query(`select * from providers where id = ${providerId}`)),
    'media files': await mediaFiles(mediaDir, providerId),
  };
}
