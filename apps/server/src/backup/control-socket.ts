// How `npm run backup` asks the running server for a snapshot (issue 32): a Unix socket in
// DATA_DIR/control/, a folder only the process's owner may enter (0700). No HTTP route, no shared
// secret: whoever can connect could read DATA_DIR anyway. The client writes one line, `backup`; the
// server takes the snapshot into DATA_DIR/backups/<name>/ (the client names no path) and answers one
// JSON line, `{"ok":true,"dir":…}` or `{"ok":false,"error":…}`. One snapshot at a time.
import { chmodSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import path from 'node:path';
import type { Database } from '../db/client.ts';
import { backupName, snapshotPglite } from './snapshot.ts';

export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control', 'backup.sock');
export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');

interface Log {
  info(fields: Record<string, unknown>, msg: string): void;
  warn(fields: Record<string, unknown>, msg: string): void;
}

export interface BackupSocketOptions {
  dataDir: string;
  mediaDir: string;
  database: Database;
  log: Log;
  now?: () => Date;
}

/** Listens for backup requests; PGlite only (on PostgreSQL `npm run backup` runs pg_dump itself). */
export async function serveBackups(opts: BackupSocketOptions): Promise<{ close(): Promise<void> }> {
  const none = { close: async () => {} };
  if (opts.database.kind !== 'pglite') return none;
  const socketPath = controlSocketPath(path.resolve(opts.dataDir));
  mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  chmodSync(path.dirname(socketPath), 0o700);
  // A socket file left by a process that ended without closing it.
  if (existsSync(socketPath)) rmSync(socketPath, { force: true });
  let running = false;
  const server: Server = createServer((socket) => {
    socket.setEncoding('utf8');
    let line = '';
    socket.on('error', () => {});
    socket.on('data', async (chunk: string) => {
      line += chunk;
      if (!line.includes('\n')) return;
      const answer = (body: Record<string, unknown>) => socket.end(`${JSON.stringify(body)}\n`);
      if (line.trim() !== 'backup') return answer({ ok: false, error: 'unknown request' });
      if (running) return answer({ ok: false, error: 'a backup is already running' });
      running = true;
      const dir = path.join(
        backupsDir(path.resolve(opts.dataDir)),
        backupName((opts.now ?? (() => new Date()))()),
      );
      try {
        const started = performance.now();
        await snapshotPglite(opts.database, opts.mediaDir, dir);
        opts.log.info({ dir, ms: Math.round(performance.now() - started) }, 'backup snapshot taken');
        answer({ ok: true, dir });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        opts.log.warn({ dir, message }, 'backup snapshot failed');
        answer({ ok: false, error: message });
      } finally {
        running = false;
      }
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
  } catch (err) {
    // The server still serves; only the live backup is missing (e.g. a DATA_DIR path too long for a socket).
    opts.log.warn({ socketPath, message: (err as Error).message }, 'backup socket not available');
    return none;
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(socketPath, { force: true });
      }),
  };
}

/**
 * Asks the server running on `dataDir` for a snapshot. Answers the backup's folder, or null when no
 * server listens there (no socket, or one left by a server that ended).
 */
export function requestSnapshot(dataDir: string): Promise<string | null> {
  const socketPath = controlSocketPath(path.resolve(dataDir));
  if (!existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write('backup\n'));
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT') resolve(null);
      else reject(err);
    });
    socket.on('end', () => {
      try {
        const answer = JSON.parse(text) as { ok: boolean; dir?: string; error?: string };
        if (answer.ok && answer.dir) resolve(answer.dir);
        else reject(new Error(`the server could not take the snapshot: ${answer.error ?? 'no answer'}`));
      } catch {
        reject(new Error('the server gave no answer to the backup request'));
      }
    });
  });
}
