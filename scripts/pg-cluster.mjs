#!/usr/bin/env node
// A throwaway PostgreSQL cluster from the installed binaries, for tests and benchmarks.
//   node scripts/pg-cluster.mjs start   -> prints DIR and URL (postgres://postgres@127.0.0.1:PORT/postgres)
//   node scripts/pg-cluster.mjs stop DIR
import { execFileSync, execSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function pgBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin/initdb')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function asPostgres(cmd) {
  const isRoot = process.getuid?.() === 0;
  return isRoot
    ? execFileSync('su', ['postgres', '-c', cmd], { stdio: 'pipe' })
    : execSync(cmd, { stdio: 'pipe' });
}

export async function startCluster() {
  const bin = pgBinDir();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nursery-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  asPostgres(`${bin}/initdb -D ${dir}/db -U postgres -A trust --no-sync`);
  asPostgres(
    `${bin}/pg_ctl -D ${dir}/db -l ${dir}/log -w -o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start`,
  );
  return { dir, url: `postgres://postgres@127.0.0.1:${port}/postgres` };
}

export function stopCluster(dir) {
  const bin = pgBinDir();
  try {
    asPostgres(`${bin}/pg_ctl -D ${dir}/db -m fast -w stop`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Stops a cluster's server and keeps its files (a test of a database restart); resumeCluster starts it. */
export function pauseCluster(dir) {
  asPostgres(`${pgBinDir()}/pg_ctl -D ${dir}/db -m fast -w stop`);
}

/** Starts a paused cluster again on the same port (its URL's). */
export function resumeCluster(dir, url) {
  const { port } = new URL(url);
  asPostgres(
    `${pgBinDir()}/pg_ctl -D ${dir}/db -l ${dir}/log -w -o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [cmd, dir] = process.argv.slice(2);
  if (cmd === 'start') {
    const c = await startCluster();
    console.log(`${c.dir} ${c.url}`);
  } else if (cmd === 'stop' && dir) {
    stopCluster(dir);
  } else {
    console.error('usage: pg-cluster.mjs start | stop DIR');
    process.exit(2);
  }
}
