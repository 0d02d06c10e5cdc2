/**
 * The engine smoke runner (issue 27): `node --import tsx e2e/engines/run.ts [webkit] [firefox]` (both by
 * default). Starts the production build (`node scripts/start.mjs`, freshly seeded demo data in its own
 * DATA_DIR, on E2E_ENGINES_PORT or 3200) behind the cuttable proxy, runs smoke.ts's SMOKE (its own steps,
 * then settings.ts, timeline.ts and profile.ts) in each engine in turn (one after the other: they share
 * the server's demo day), and ends with a closing line
 * "N passed, N failed"; .tmp/test-results/engines.json holds the counts and the failed steps for
 * scripts/test.mjs. `npm run build` first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Driver } from './driver.ts';
import { startFirefox } from './firefox.ts';
import { smokeState } from './kit.ts';
import { startProxy } from './proxy.ts';
import { SMOKE } from './smoke.ts';
import { startWebKit } from './webkit.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ENGINES = { webkit: startWebKit, firefox: startFirefox } as const;
type Engine = keyof typeof ENGINES;

const asked = process.argv.slice(2).filter((a): a is Engine => a in ENGINES);
const engines: Engine[] = asked.length ? asked : ['webkit', 'firefox'];
// E2E_ENGINES_ONLY=login,offline runs only the steps whose names contain one of the words (working on it).
const only = process.env.E2E_ENGINES_ONLY?.split(',').filter(Boolean);
const steps = only ? SMOKE.filter((st) => only.some((w) => st.name.includes(w))) : SMOKE;
const port = Number(process.env.E2E_ENGINES_PORT ?? 3200);
const dataDir = path.join(root, '.tmp', process.env.E2E_ENGINES_DATA ?? 'e2e-engines-data');
const screens = path.join(root, 'test-results/screens');
const results = path.join(root, '.tmp/test-results');
mkdirSync(screens, { recursive: true });
mkdirSync(results, { recursive: true });
rmSync(dataDir, { recursive: true, force: true });

async function startServer(): Promise<ChildProcess | null> {
  // A server already running (while working on the smoke): E2E_ENGINES_SERVER=http://127.0.0.1:3201.
  if (process.env.E2E_ENGINES_SERVER) return null;
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_DATA: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server;
    } catch {
      // Still starting.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not answer api/health within 120 s');
}

const started = Date.now();
const outcomes: { engine: Engine; step: string; ok: boolean; seconds: number; error?: string }[] = [];
const server = await startServer();
console.log(`server ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
const proxy = await startProxy(
  process.env.E2E_ENGINES_SERVER
    ? { host: '127.0.0.1', port: Number(new URL(process.env.E2E_ENGINES_SERVER).port) }
    : { host: '127.0.0.1', port },
);
try {
  for (const engine of engines) {
    const engineStarted = Date.now();
    let driver: Driver | null = null;
    try {
      driver = await ENGINES[engine]();
    } catch (error) {
      for (const step of steps)
        outcomes.push({
          engine,
          step: step.name,
          ok: false,
          seconds: 0,
          error: `${engine} did not start: ${error}`,
        });
      console.log(`✘ [${engine}] did not start: ${error}`);
      continue;
    }
    const state = smokeState(
      { driver, proxy, screens, note: (text) => console.log(`  [${engine}] ${text}`) },
      proxy.url,
    );
    for (const step of steps) {
      const t0 = Date.now();
      try {
        await step.run(state);
        const seconds = (Date.now() - t0) / 1000;
        outcomes.push({ engine, step: step.name, ok: true, seconds });
        console.log(`✓ [${engine}] ${step.name} (${seconds.toFixed(1)} s)`);
      } catch (error) {
        proxy.mend();
        const seconds = (Date.now() - t0) / 1000;
        const message =
          error instanceof Error ? `${error.name}: ${error.message}`.split('\n')[0]! : String(error);
        outcomes.push({ engine, step: step.name, ok: false, seconds, error: message });
        console.log(`✘ [${engine}] ${step.name} (${seconds.toFixed(1)} s): ${message}`);
        await driver
          .screenshot(path.join(screens, `engines-${engine}-failed-${outcomes.length}.png`))
          .catch(() => undefined);
      }
    }
    await driver.quit();
    console.log(`  [${engine}] ${((Date.now() - engineStarted) / 1000).toFixed(1)} s`);
  }
} finally {
  await proxy.close();
  server?.kill('SIGTERM');
}

const passed = outcomes.filter((o) => o.ok).length;
const failed = outcomes.length - passed;
writeFileSync(
  path.join(results, 'engines.json'),
  JSON.stringify(
    {
      passed,
      failed,
      seconds: (Date.now() - started) / 1000,
      failures: outcomes.filter((o) => !o.ok).map((o) => `[${o.engine}] ${o.step}: ${o.error}`),
      outcomes,
    },
    null,
    2,
  ),
);
console.log(`\nEngine smoke (${engines.join(', ')}): ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
