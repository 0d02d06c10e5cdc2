import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (this file is e2e/pages/server.ts). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The port of the suite's own server: E2E_PORT lets several people run the suite side by side. */
export const e2ePort = (): number => Number(process.env.E2E_PORT ?? 3100);

/** The data directory of the suite's own (demo data) server, under .tmp, named by E2E_DATA. */
export const e2eDataDir = (): string => path.join(repoRoot, '.tmp', process.env.E2E_DATA ?? 'e2e-data');

/** A server a spec runs for itself, beside the suite's demo-data one. */
export interface OwnServer {
  readonly baseURL: string;
  /** Ends the server (its whole process group) and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * Starts `node scripts/start.mjs` on its own port with a fresh data directory and the given environment
 * (e.g. DEMO_DATA=0 with ADMIN_EMAIL/ADMIN_PASSWORD), and waits until /api/health answers. The server
 * runs in a process group of its own so that stop() ends it with everything it started.
 */
export async function startOwnServer(
  port: number,
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nursery-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });

  const stop = async () => {
    if (!exited && child.pid) {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      const killed = await Promise.race([gone.then(() => true), sleep(10_000).then(() => false)]);
      if (!killed) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) break;
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) return { baseURL, stop };
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`the server on ${port} did not answer /api/health:\n${output.join('').slice(-4000)}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
