// Seeds a fresh database and prints the time taken and the row count of every table.
//   node --import tsx apps/server/src/demo/seed-check.ts            (in-memory PGlite)
//   DATABASE_URL=postgres://... node --import tsx apps/server/src/demo/seed-check.ts
// Optional: NOW=<ISO instant> (the seed's now; default the current time). On PostgreSQL the public
// schema is dropped first.

import { openDatabase, runMigrations } from '../db/client.ts';
import { seedDemo } from './index.ts';

const url = process.env.DATABASE_URL;
const database = await openDatabase(url ? { databaseUrl: url } : { pgliteDir: 'memory://' });
try {
  if (url) {
    await database.query('drop schema if exists public cascade');
    await database.query('drop schema if exists drizzle cascade');
    await database.query('create schema public');
  }
  const now = process.env.NOW ? new Date(process.env.NOW) : new Date();
  let t = performance.now();
  await runMigrations(database);
  console.log(`${database.kind}: migrations ${Math.round(performance.now() - t)} ms`);
  t = performance.now();
  await seedDemo(database, { now });
  console.log(`${database.kind}: seedDemo(${now.toISOString()}) ${Math.round(performance.now() - t)} ms`);
  const tables = await database.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts = await database.query<{ t: string; n: number }>(
    tables
      .map((r) => `select '${r.table_name}' as t, count(*)::int as n from "${r.table_name}"`)
      .join(' union all '),
  );
  let total = 0;
  for (const c of counts) {
    total += c.n;
    console.log(`${c.t.padEnd(30)} ${String(c.n).padStart(7)}`);
  }
  console.log(`${'total'.padEnd(30)} ${String(total).padStart(7)}`);
} finally {
  await database.close();
}
