// Issue 11: a crash during the very first start must never brick DATA_DIR.
// 1. The real server (main.ts under tsx) on a fresh DATA_DIR, killed with SIGKILL in each phase of
//    its first start — during PGlite's initdb, during the migrations, during the demo seed — one start
//    after the other on the same folder; the next start reaches healthy and the demo login works.
//    The kill moments follow the server's own log lines, so they land in the same phase on a fast or
//    a loaded machine. (The bench's `first start crash` scenario runs the fuller loop.)
// 2. Folders left by older versions or damaged: a leftover pglite.creating-*, a cluster without
//    pg_control, one that cannot be opened: recreated when they provably hold no data, left
//    untouched (and the start refused) when they may.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../lib/paths.ts';
import { sha512Hex } from '../modules/auth/passwords.ts';
import {
  type ClusterLog,
  createCluster,
  FIRST_START_MARKER,
  finishFirstStart,
  openPgliteCluster,
} from './pglite-cluster.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'nursery-first-start-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

interface Start {
  child: ChildProcess;
  port: number;
  /** Log messages so far. */
  messages: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves when a log message contains `text`. */
  logged(text: string): Promise<void>;
}

async function startServer(dataDir: string): Promise<Start> {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DEMO_DATA: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const messages: string[] = [];
  const waiters: Array<{ text: string; resolve: () => void }> = [];
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      let msg = line;
      try {
        msg = String(JSON.parse(line).msg);
      } catch {
        // not a log line
      }
      messages.push(msg);
      for (const w of waiters.filter((x) => msg.includes(x.text))) w.resolve();
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => messages.push(`stderr: ${chunk.toString().trim()}`));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    port,
    messages,
    exited,
    logged: (text) =>
      messages.some((m) => m.includes(text))
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            waiters.push({ text, resolve });
            void exited.then(({ code, signal }) =>
              reject(
                new Error(
                  `server exited (${code ?? signal}) before logging "${text}": ${messages.join(' | ')}`,
                ),
              ),
            );
          }),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts the server and kills it with SIGKILL `delayMs` after it logs `cue`. */
async function killDuring(dataDir: string, cue: string, delayMs: number): Promise<string[]> {
  const s = await startServer(dataDir);
  await s.logged(cue);
  await sleep(delayMs);
  expect(s.child.exitCode, `still running when killed: ${s.messages.join(' | ')}`).toBeNull();
  s.child.kill('SIGKILL');
  expect((await s.exited).signal).toBe('SIGKILL');
  return s.messages;
}

describe('first start killed with SIGKILL', () => {
  // The spawned servers keep the real clock: npm test's fixed-clock passes (NURSERY_TEST_NOW) leave
  // this file out (it would only repeat this test, a minute each).
  it('reaches healthy on the next start after a kill during initdb, the migrations and the seed', async () => {
    const dataDir = tempDir();
    // During PGlite's initdb (1–2.5 s on an idle machine): the cluster is in pglite.creating-<pid>.
    await killDuring(dataDir, 'creating the database cluster', 300);
    const leftover = readdirSync(dataDir).filter((n) => n.startsWith('pglite.creating-'));
    // During the migrations (the cluster is in place, with its first-start marker).
    const second = await killDuring(dataDir, 'first start: migrating', 50);
    if (leftover.length > 0)
      expect(second.join('\n')).toContain(`removed ${path.join(dataDir, leftover[0])}`);
    expect(existsSync(path.join(dataDir, 'pglite', FIRST_START_MARKER))).toBe(true);
    // During the demo seed (one transaction).
    await killDuring(dataDir, 'empty database: loading the demo nursery', 500);

    const last = await startServer(dataDir);
    try {
      const started = Date.now();
      let health = 0;
      while (health !== 200) {
        if (last.child.exitCode !== null) throw new Error(`server exited: ${last.messages.join(' | ')}`);
        if (Date.now() - started > 180_000) throw new Error(`not healthy: ${last.messages.join(' | ')}`);
        health = await fetch(`http://127.0.0.1:${last.port}/api/health`).then(
          (r) => r.status,
          () => 0,
        );
        if (health !== 200) await sleep(100);
      }
      expect(last.messages).toContain('first start complete: migrations and data committed');
      expect(existsSync(path.join(dataDir, 'pglite', FIRST_START_MARKER))).toBe(false);
      const login = await fetch(`http://127.0.0.1:${last.port}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'nursery' },
        body: JSON.stringify({ email: 'manager@example.org', password: sha512Hex('nursery-demo') }),
      });
      expect(login.status, await login.clone().text()).toBe(200);
    } finally {
      last.child.kill('SIGTERM');
      expect((await last.exited).code).toBe(0);
    }
    // Nothing else was left beside the cluster (a set-aside folder would be logged; none was needed).
    expect(readdirSync(dataDir).filter((n) => n.startsWith('pglite'))).toEqual(['pglite']);
  }, 300_000);
});

function recordingLog() {
  const lines: string[] = [];
  const log: ClusterLog = {
    info: (msg) => lines.push(`info: ${msg}`),
    warn: (msg) => lines.push(`warn: ${msg}`),
  };
  return { lines, log };
}

describe('damaged or unfinished PGlite folders', () => {
  it('removes a leftover pglite.creating-*, sets aside a cluster without pg_control, refuses one that may hold data', async () => {
    const dataDir = tempDir();
    const dir = path.join(dataDir, 'pglite');
    // What an older version left when killed in initdb: PG_VERSION, no global/pg_control.
    mkdirSync(path.join(dir, 'global'), { recursive: true });
    mkdirSync(path.join(dir, 'base', '1'), { recursive: true });
    writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
    writeFileSync(path.join(dir, 'base', '1', '1259'), '');
    // And a first start of this version killed in initdb.
    mkdirSync(path.join(dataDir, 'pglite.creating-999999', 'base'), { recursive: true });
    const { lines, log } = recordingLog();
    const database = await openPgliteCluster(dir, log);
    try {
      expect(await database.query('select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
    const names = readdirSync(dataDir);
    expect(names).not.toContain('pglite.creating-999999');
    const aside = names.find((n) => n.startsWith('pglite.broken-'));
    expect(aside).toBeDefined();
    expect(readdirSync(path.join(dataDir, aside!))).toContain('PG_VERSION');
    expect(lines.join('\n')).toMatch(/warn: removed .*pglite\.creating-999999/);
    expect(lines.join('\n')).toMatch(
      /warn: the database folder .*pglite is not a complete database cluster .*it holds no table besides PostgreSQL’s own, so it was moved to .*pglite\.broken-/,
    );

    // The same shape with a table's file in it (OID ≥ 16384): may hold data, so never touched.
    const other = path.join(tempDir(), 'pglite');
    mkdirSync(path.join(other, 'global'), { recursive: true });
    mkdirSync(path.join(other, 'base', '1'), { recursive: true });
    writeFileSync(path.join(other, 'PG_VERSION'), '17\n');
    writeFileSync(path.join(other, 'base', '1', '16390'), 'rows');
    await expect(openPgliteCluster(other, recordingLog().log)).rejects.toThrow(
      /not a complete database cluster.*It may hold data, so it is left as it is/,
    );
    expect(readdirSync(path.dirname(other))).toEqual(['pglite']);
    expect(readdirSync(path.join(other, 'base', '1'))).toEqual(['16390']);
  }, 180_000);

  it('recreates a cluster that cannot be opened while its first start is unfinished, and refuses once it is finished', async () => {
    const dir = path.join(tempDir(), 'pglite');
    const { lines, log } = recordingLog();
    await createCluster(dir, log);
    expect(existsSync(path.join(dir, FIRST_START_MARKER))).toBe(true);
    writeFileSync(path.join(dir, 'global', 'pg_control'), Buffer.alloc(8192, 7));
    const database = await openPgliteCluster(dir, log);
    await database.close();
    expect(lines.join('\n')).toMatch(
      /could not be opened .*its first start never finished, so it never answered a request, so it was moved to/,
    );

    // A finished first start with a table in it: never moved, whatever happens to it.
    finishFirstStart(dir);
    writeFileSync(path.join(dir, 'base', '1', '16400'), '');
    writeFileSync(path.join(dir, 'global', 'pg_control'), Buffer.alloc(8192, 7));
    const before = readdirSync(path.dirname(dir)).sort();
    await expect(openPgliteCluster(dir, recordingLog().log)).rejects.toThrow(
      /could not be opened .*It may hold data, so it is left as it is: restore DATA_DIR from a backup/,
    );
    expect(readdirSync(path.dirname(dir)).sort()).toEqual(before);
  }, 180_000);
});
