// Test helpers: a fresh seeded database per test file (PGlite always, PostgreSQL when
// TEST_DATABASE_URL is set), the app built on it, and logins as the demo accounts.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Clock } from '@nursery/domain/common';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { sha512Hex } from '../modules/auth/passwords.ts';
import { PG_TEMPLATE_DB, withDatabase } from './global-setup.ts';

export type DbKind = 'pglite' | 'postgres';

export const DEMO_PASSWORD = 'nursery-demo';
export const DEMO = {
  manager: 'manager@example.org',
  practitioner: 'practitioner@example.org',
  parent: 'parent@example.org',
  otherManager: 'other.manager@example.net',
} as const;

export function databaseKinds(): DbKind[] {
  return inject('pgTemplateUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

export async function openTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === 'pglite') {
    const tar = readFileSync(inject('pgliteTemplate'));
    return openDatabase({ pgliteDir: 'memory://', loadDataDir: new Blob([tar]) });
  }
  const adminUrl = inject('pgAdminUrl')!;
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: adminUrl });
  await admin.query(`create database ${name} template ${PG_TEMPLATE_DB}`);
  await admin.close();
  const database = await openDatabase({ databaseUrl: withDatabase(adminUrl, name) });
  const close = database.close;
  database.close = async () => {
    await close();
    const again = await openDatabase({ databaseUrl: adminUrl });
    await again.query(`drop database if exists ${name} with (force)`);
    await again.close();
  };
  return database;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export async function makeTestApp(
  kind: DbKind,
  opts: { clock?: Clock } & Omit<BuildAppOptions, 'database' | 'clock'> = {},
): Promise<TestApp> {
  const database = await openTestDatabase(kind);
  const app = await buildApp({ ...opts, database });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Runs the same suite on every available database. */
export function describeEachDb(name: string, fn: (kind: DbKind) => void) {
  for (const kind of databaseKinds()) describe(`${name} [${kind}]`, () => fn(kind));
}

export const WRITE_HEADERS = { 'x-requested-with': 'nursery' } as const;

/** A GraphQL request as `cookie`: its status, the parsed body and the text (for a failure's message). */
export async function graphqlRequest(
  t: TestApp,
  cookie: string,
  query: string,
  variables: Record<string, unknown> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { ...WRITE_HEADERS, cookie },
    payload: { query, variables },
  });
  return { status: res.statusCode, body: res.json(), text: res.body };
}

/** A log-in call; `address` is the client's socket address (the log-in limits are per address). */
export function loginRequest(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
  address?: string,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/login',
    headers: { ...WRITE_HEADERS, ...headers },
    payload: { email, password: sha512Hex(password) },
    ...(address ? { remoteAddress: address } : {}),
  });
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'nursery_sid');
  if (!cookie) throw new Error(`no session cookie (status ${res.statusCode}: ${res.body})`);
  return `nursery_sid=${cookie.value}`;
}

/** Logs in and answers the cookie header to send with later requests. */
export async function loginAs(app: FastifyInstance, email: string): Promise<string> {
  return sessionCookie(await loginRequest(app, email));
}

/** The cookies of the three staff logins most suites use: [manager, practitioner, other provider's manager]. */
export function loginDemoStaff(app: FastifyInstance) {
  return Promise.all([
    loginAs(app, DEMO.manager),
    loginAs(app, DEMO.practitioner),
    loginAs(app, DEMO.otherManager),
  ]);
}
