// Issue 30 "the same work for every failed login, so timing tells nothing about which accounts exist
// or are activated": the answer times of a failed log-in with an unknown e-mail, with a known e-mail and
// a wrong password, and with an account not yet activated; and of a reset's step 1 (GET
// api/v1/resetPassword) for an e-mail with a security question and an unknown one. Median and p95 of
// each, measured over HTTP against an empty install (the first manager, plus an invited member), the
// cases taken in turn so the machine's noise falls on all of them alike. The log-in limits are not
// what is measured: the failures are cleared before each attempt (no lock, no slowdown) and every
// unknown e-mail is new.
import { randomUUID } from 'node:crypto';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase, runMigrations } from '../../apps/server/src/db/client.ts';
import { seedEmptyInstall } from '../../apps/server/src/demo/index.ts';
import { hashSecret, sha512Hex } from '../../apps/server/src/modules/auth/passwords.ts';
import { freePort, median, type Row } from '../lib.ts';

const MANAGER = 'timing.manager@example.org';
const INVITED = 'timing.invited@example.org';
const PASSWORD = 'Timing bench 47 owl';
/** Attempts per case (after WARM_UP rounds that are not counted). */
export const LOGIN_TIMING_SAMPLES = 30;
const WARM_UP = 3;

const p95 = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
};

export async function loginTiming(opts: { samples?: number } = {}): Promise<Row[]> {
  const samples = opts.samples ?? LOGIN_TIMING_SAMPLES;
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await runMigrations(database);
  await seedEmptyInstall(database, { adminEmail: MANAGER, adminPasswordClientHash: sha512Hex(PASSWORD) });
  // The manager has a security question (reset step 1 answers it); an invited member has no password yet.
  const answerHash = await hashSecret(sha512Hex('hillside'));
  await database.query(
    `update user_accounts set security_question = 'First school', security_answer_hash = $1 where email = $2`,
    [answerHash, MANAGER],
  );
  await database.query(
    `with p as (insert into people (provider_id, forename, surname, email)
                select provider_id, 'Invited', 'Member', $1 from user_accounts where email = $2 returning provider_id, id)
     insert into user_accounts (provider_id, person_id, email) select provider_id, id, $1 from p`,
    [INVITED, MANAGER],
  );
  const app = await buildApp({ database, rateLimitAllowList: ['127.0.0.1'] });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  const headers = { 'content-type': 'application/json', 'x-requested-with': 'nursery' };
  const wrong = sha512Hex('not the password');

  const timed = async (url: string, init: RequestInit, expected: number) => {
    await database.query('delete from login_failures');
    const t0 = performance.now();
    const answer = await fetch(`${base}${url}`, init);
    await answer.arrayBuffer();
    const ms = performance.now() - t0;
    if (answer.status !== expected)
      throw new Error(`login timing: ${url} answered ${answer.status}, not ${expected}`);
    return ms;
  };
  const logIn = (email: string) => () =>
    timed(
      '/api/v1/login',
      { method: 'POST', headers, body: JSON.stringify({ email, password: wrong }) },
      401,
    );
  const resetStep1 = (email: string, expected: number) => () =>
    timed(`/api/v1/resetPassword?email=${encodeURIComponent(email)}`, { headers }, expected);

  const cases: { figure: string; group: 'login' | 'reset'; run: () => Promise<number> }[] = [
    {
      figure: 'failed log-in: unknown e-mail',
      group: 'login',
      run: () => logIn(`nobody.${randomUUID()}@example.org`)(),
    },
    { figure: 'failed log-in: known e-mail, wrong password', group: 'login', run: logIn(MANAGER) },
    { figure: 'failed log-in: account not activated', group: 'login', run: logIn(INVITED) },
    { figure: 'reset step 1: e-mail with a question', group: 'reset', run: resetStep1(MANAGER, 200) },
    {
      figure: 'reset step 1: unknown e-mail',
      group: 'reset',
      run: () => resetStep1(`nobody.${randomUUID()}@example.org`, 404)(),
    },
  ];
  const times = cases.map(() => [] as number[]);
  try {
    for (let round = 0; round < WARM_UP + samples; round++) {
      for (const [i, c] of cases.entries()) {
        const ms = await c.run();
        if (round >= WARM_UP) times[i]!.push(ms);
      }
    }
  } finally {
    await app.close();
    await database.close();
  }
  const rows: Row[] = [];
  const row = (figure: string, value: number): Row => ({
    scenario: 'login timing',
    database: 'pglite',
    figure,
    value: Math.round(value * 10) / 10,
    unit: 'ms',
  });
  for (const [i, c] of cases.entries()) {
    rows.push(row(`${c.figure} (median)`, median(times[i]!)), row(`${c.figure} (p95)`, p95(times[i]!)));
  }
  // The tell an attacker would look for: how far apart the medians of one group's cases are.
  for (const group of ['login', 'reset'] as const) {
    const medians = cases.flatMap((c, i) => (c.group === group ? [median(times[i]!)] : []));
    rows.push(
      row(
        `${group === 'login' ? 'failed log-ins' : 'reset step 1'}: spread of the medians`,
        Math.max(...medians) - Math.min(...medians),
      ),
    );
  }
  return rows;
}
