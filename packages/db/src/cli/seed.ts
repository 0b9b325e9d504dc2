import { createDb } from '../client';
import { seedCatalog } from '../seed/seed';

const handle = await createDb({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ? `${process.env.DATA_DIR}/pg` : '.data/pg' });
try {
  const { total } = await seedCatalog(handle.db);
  console.warn(`Seeded ${total} catalog robots (${handle.kind}).`);
} finally {
  await handle.close();
}
