// A process that writes to a PGlite data folder through the worker thread until it is
// stopped, for pglite-thread.test.ts: prints "committed <n>" after each commit, and on
// SIGTERM closes the database as the API's shutdown does (server.ts), then exits 0.
import { sql } from 'drizzle-orm';
import { createDb } from '../client';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-writer.ts <dataDir>');
const handle = await createDb({ dataDir, pgliteThread: 'worker' });
await handle.db.execute(sql`create table if not exists writes (n int primary key, note text not null)`);
let stopping = false;
process.on('SIGTERM', () => {
  stopping = true;
});
for (let n = 1; !stopping; n += 1) {
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`insert into writes (n, note) values (${n}, ${'x'.repeat(200)})`);
    await tx.execute(sql`update writes set note = ${`row ${n}`} where n = ${n}`);
  });
  process.stdout.write(`committed ${n}\n`);
}
await handle.close();
process.stdout.write('closed\n');
process.exit(0);
