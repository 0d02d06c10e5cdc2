// Shared bench helpers: start the built server as a child process, wait for health, read its memory.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(root, 'apps/server/dist/main.js');

export interface Row {
  scenario: string;
  database: string;
  figure: string;
  value: number;
  unit: string;
  limit?: number;
  /** The limit is a floor (value ≥ limit), not a ceiling (issue 32: health's share of a bare route). */
  atLeast?: boolean;
  ok?: boolean;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

export const tempDir = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), prefix));

export interface RunningServer {
  child: ChildProcess;
  port: number;
  msToHealthy: number;
  stop(): Promise<number | null>;
}

export async function startServer(env: Record<string, string>, timeoutMs = 120_000): Promise<RunningServer> {
  if (!existsSync(serverEntry)) throw new Error('server not built: run npm run build');
  const port = await freePort();
  const started = performance.now();
  // BENCH_CPU_PROF=<dir>: every server the bench starts writes a V8 CPU profile there when it exits
  // (issue 32; `node --import tsx bench/cpuprofile.ts <file>` summarises one).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, serverEntry], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode} before it was healthy`);
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error('server did not become healthy in time');
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const msToHealthy = performance.now() - started;
  return {
    child,
    port,
    msToHealthy,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Resident memory of a process in MiB (Linux /proc). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Debian's Chromium for the browser scenarios, with the flags that keep it off the network (without
 * them it floods the closed network of the CI machine with refused connections).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** The middle value of a series (the upper middle for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * A tablet-sized page signed in through the API as a demo user (password 'nursery-demo') at Oak Tree
 * Nursery, for the browser scenarios that drive one screen of the built app.
 */
export async function signedInDemoPage(
  browser: Browser,
  baseURL: string,
  email: string,
): Promise<{ page: Page; siteID: number }> {
  const context = await browser.newContext({
    baseURL,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  // tsx keeps function names with a `__name` helper the page does not have: give it one.
  await page.addInitScript({ content: 'window.__name = (f) => f;' });
  const headers = { 'X-Requested-With': 'nursery' };
  const password = createHash('sha512').update('nursery-demo').digest('hex');
  const login = await page.request.post('/api/v1/login', { headers, data: { email, password } });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
  const config = await (await page.request.get('/api/v1/config')).json();
  const site = Object.values(config.sitesByID as Record<string, { id: number; name: string }>).find(
    (s) => s.name === 'Oak Tree Nursery',
  );
  if (!site) throw new Error('no Oak Tree Nursery site');
  await page.request.post('/api/v1/session/site', { headers, data: { siteID: site.id } });
  return { page, siteID: site.id };
}

/** mulberry32, a small seeded generator: what a scenario draws repeats from run to run of the bench. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
