// Issue 11 figure: a first start killed with SIGKILL at any moment never bricks DATA_DIR. The built
// server runs as a child process on a fresh DATA_DIR (demo data); one reference first start gives the
// moments of its phases (PGlite's initdb in pglite.creating-<pid>, reopening, migrations, the demo
// seed) from its log; then each run starts on a new DATA_DIR, kills the server with SIGKILL at a moment
// spread evenly from the start of initdb to the end of the seed, starts it again and times it to
// healthy (and to a working demo login). A next start that exits or is not healthy within 120 s
// counts as bricked. The smoke kills once, 300 ms after the server logs the start of initdb, on an
// empty install (DEMO_DATA=0: a few seconds per start). PGlite only: PostgreSQL's cluster is not
// created by the app, and its migrations and seed are transactions as on PGlite.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { sha512Hex } from '../../apps/server/src/modules/auth/passwords.ts';
import { freePort, type Row, root, serverEntry, sleep, tempDir } from '../lib.ts';

export interface Started {
  child: ChildProcess;
  port: number;
  t0: number;
  /** [ms since spawn, message] of each log line. */
  lines: Array<[number, string]>;
  exited: Promise<number | null>;
}

/**
 * The smoke's data: an empty install (DEMO_DATA=0) with its first manager, so a first start takes a
 * few seconds instead of the demo seed's; the full runs load the demo nursery.
 */
export const SMOKE_ADMIN = { email: 'bench.admin@example.org', password: 'bench-admin-password' };
export const dataEnv = (smoke: boolean): Record<string, string> =>
  smoke
    ? { DEMO_DATA: '0', ADMIN_EMAIL: SMOKE_ADMIN.email, ADMIN_PASSWORD: SMOKE_ADMIN.password }
    : { DEMO_DATA: '1' };
export const loginBody = (smoke: boolean) =>
  JSON.stringify(
    smoke
      ? { email: SMOKE_ADMIN.email, password: sha512Hex(SMOKE_ADMIN.password) }
      : { email: 'manager@example.org', password: sha512Hex('nursery-demo') },
  );

export async function spawnServer(
  dataDir: string,
  smoke: boolean,
  extraEnv: Record<string, string> = {},
): Promise<Started> {
  if (!existsSync(serverEntry)) throw new Error('server not built: run npm run build');
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const t0 = performance.now();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...env,
      DATA_DIR: dataDir,
      ...dataEnv(smoke),
      LOG_LEVEL: 'info',
      ...extraEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Array<[number, string]> = [];
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      try {
        lines.push([performance.now() - t0, String(JSON.parse(line).msg)]);
      } catch {
        lines.push([performance.now() - t0, line]);
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => lines.push([performance.now() - t0, `stderr: ${chunk}`]));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, t0, lines, exited };
}

/** ms from spawn to /api/health 200 (null: exited or not within the limit). */
export async function untilHealthy(s: Started, limitMs: number): Promise<number | null> {
  for (;;) {
    if (s.child.exitCode !== null) return null;
    if (performance.now() - s.t0 > limitMs) return null;
    try {
      const res = await fetch(`http://127.0.0.1:${s.port}/api/health`);
      if (res.ok) return performance.now() - s.t0;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
}

async function loginWorks(port: number, smoke: boolean): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'nursery' },
    body: loginBody(smoke),
  });
  return res.status === 200;
}

const PHASES: Array<[string, string]> = [
  ['creating the database cluster', 'initdb'],
  ['database cluster created', 'reopen'],
  ['first start: migrating', 'migrations'],
  ['empty database: loading the demo nursery', 'seed'],
  ['first start complete', 'committed'],
];

/** The phase a killed start was in: the last phase line it logged. */
function phaseOf(lines: Array<[number, string]>): string {
  let phase = 'node start';
  for (const [, msg] of lines) for (const [text, name] of PHASES) if (msg.includes(text)) phase = name;
  return phase;
}

export interface CrashRun {
  killAtMs: number;
  phase: string;
  healthyMs: number | null;
  login: boolean;
  /** What the next start logged about recovering (removed / moved aside), if anything. */
  recovery: string[];
}

export async function firstStartCrash(opts: {
  runs: number;
  smoke: boolean;
  log: (m: string) => void;
}): Promise<{ rows: Row[]; runs: CrashRun[]; phases: Array<[string, number]> }> {
  const database = 'pglite';
  // The reference first start: when each phase begins on this machine now.
  const phases: Array<[string, number]> = [];
  let startMs = 0;
  let endMs = 0;
  if (opts.runs > 1) {
    const dir = tempDir('nursery-bench-crash-');
    try {
      const ref = await spawnServer(dir, opts.smoke);
      const healthy = await untilHealthy(ref, 180_000);
      if (healthy === null)
        throw new Error(`reference first start failed: ${ref.lines.map((l) => l[1]).join(' | ')}`);
      for (const [text, name] of PHASES) {
        const at = ref.lines.find(([, m]) => m.includes(text));
        if (at) phases.push([name, at[0]]);
      }
      startMs = phases.find(([n]) => n === 'initdb')?.[1] ?? 0;
      endMs = phases.find(([n]) => n === 'committed')?.[1] ?? healthy;
      ref.child.kill('SIGTERM');
      await ref.exited;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    opts.log(`first start phases (ms): ${phases.map(([n, t]) => `${n} ${Math.round(t)}`).join(', ')}`);
  }
  const runs: CrashRun[] = [];
  for (let i = 0; i < opts.runs; i++) {
    const dir = tempDir('nursery-bench-crash-');
    try {
      const first = await spawnServer(dir, opts.smoke);
      if (opts.runs === 1) {
        while (!first.lines.some(([, m]) => m.includes(PHASES[0][0])) && first.child.exitCode === null)
          await sleep(10);
        await sleep(300);
      } else {
        await sleep(
          Math.max(0, startMs + ((endMs - startMs) * i) / (opts.runs - 1) - (performance.now() - first.t0)),
        );
      }
      const killAtMs = performance.now() - first.t0;
      first.child.kill('SIGKILL');
      await first.exited;
      const phase = phaseOf(first.lines);
      const next = await spawnServer(dir, opts.smoke);
      const healthyMs = await untilHealthy(next, 120_000);
      const login = healthyMs !== null && (await loginWorks(next.port, opts.smoke));
      const recovery = next.lines
        .map(([, m]) => m)
        .filter((m) => /^removed |moved to|could not|stderr/.test(m))
        .map((m) => m.slice(0, 300));
      next.child.kill(healthyMs === null ? 'SIGKILL' : 'SIGTERM');
      await next.exited;
      runs.push({ killAtMs, phase, healthyMs, login, recovery });
      opts.log(
        `kill ${i + 1}/${opts.runs} at ${Math.round(killAtMs)} ms (${phase}): next start ${healthyMs === null ? 'NOT healthy' : `healthy in ${Math.round(healthyMs)} ms`}${login ? ', login ok' : ''}${recovery.length ? `; ${recovery.join('; ')}` : ''}${healthyMs === null ? `\n${next.lines.map((l) => l[1]).join(' | ')}` : ''}`,
      );
      if (healthyMs !== null && readdirSync(dir).some((n) => n.includes('.broken-')))
        opts.log('  (a folder was set aside)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const healthy = runs.filter((r) => r.healthyMs !== null && r.login);
  const rows: Row[] = [
    { scenario: 'crash', database, figure: 'first starts killed with SIGKILL', value: runs.length, unit: '' },
    {
      scenario: 'crash',
      database,
      figure: 'next starts healthy + login works',
      value: healthy.length,
      unit: '',
      limit: runs.length,
    },
    {
      scenario: 'crash',
      database,
      figure: 'next start to healthy, max',
      value: Math.max(0, ...healthy.map((r) => r.healthyMs!)),
      unit: 'ms',
    },
  ];
  return { rows, runs, phases };
}
