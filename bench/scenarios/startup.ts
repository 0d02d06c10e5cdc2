// Issue 2 figures: first start (migrate + seed) and restart on an existing data dir to healthy,
// clean shutdown on SIGTERM, and the idle server's memory.
import { rmSync } from 'node:fs';
import { type Row, rssMiB, sleep, startServer, tempDir } from '../lib.ts';

export async function startup(opts: { databaseUrl?: string }): Promise<Row[]> {
  const database = opts.databaseUrl ? 'postgres' : 'pglite';
  const dataDir = tempDir('nursery-bench-');
  const env: Record<string, string> = { DATA_DIR: dataDir, DEMO_DATA: '1' };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  const rows: Row[] = [];
  try {
    const first = await startServer(env);
    rows.push({
      scenario: 'startup',
      database,
      figure: 'first start (migrate + seed) to healthy',
      value: first.msToHealthy,
      unit: 'ms',
      limit: 30_000,
    });
    const firstExit = await first.stop();
    rows.push({
      scenario: 'startup',
      database,
      figure: 'SIGTERM exit code (0 = clean)',
      value: firstExit ?? -1,
      unit: '',
      limit: 0,
    });

    const again = await startServer(env);
    rows.push({
      scenario: 'startup',
      database,
      figure: 'start on existing data to healthy',
      value: again.msToHealthy,
      unit: 'ms',
      limit: 5_000,
    });
    await sleep(2_000);
    rows.push({
      scenario: 'startup',
      database,
      figure: 'idle server RSS',
      value: rssMiB(again.child.pid!),
      unit: 'MiB',
    });
    const exit = await again.stop();
    rows.push({
      scenario: 'startup',
      database,
      figure: 'SIGTERM exit code after restart',
      value: exit ?? -1,
      unit: '',
      limit: 0,
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
