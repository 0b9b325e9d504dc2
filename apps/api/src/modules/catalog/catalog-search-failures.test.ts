import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { robotQuerySchema } from '@cellforge/contracts';
import { robots, robotSearchColumns, seedCatalog, type DbHandle } from '@cellforge/db';
import { createTestDb, testBackends } from '@cellforge/db/testing';
import { CatalogSearch } from './catalog-search';
import type * as Repository from './catalog.repository';

/** Switches that make the repository's version probe or makers' read fail (the database is down for them). */
const down = vi.hoisted(() => ({ version: false, makers: false }));

vi.mock('./catalog.repository', async (importOriginal) => {
  const original = await importOriginal<typeof Repository>();
  return {
    ...original,
    catalogVersion: (...args: Parameters<typeof original.catalogVersion>) =>
      down.version ? Promise.reject(new Error('connection refused (version probe)')) : original.catalogVersion(...args),
    listPublicManufacturers: (...args: Parameters<typeof original.listPublicManufacturers>) =>
      down.makers ? Promise.reject(new Error('connection refused (makers)')) : original.listPublicManufacturers(...args),
  };
});

interface Warned {
  obj: { err?: unknown; catalogBackground?: string };
  msg: string;
}

/** A logger keeping what was warned. */
function recordingLogger() {
  const warned: Warned[] = [];
  return { warned, logger: { warn: (obj: Warned['obj'], msg: string) => void warned.push({ obj, msg }) } as never };
}

const errorText = (w: Warned | undefined) => (w?.obj.err instanceof Error ? w.obj.err.message : String(w?.obj.err));

/** Lets the background work (probe, makers' read, refreshes) run. */
const settle = () => new Promise((r) => setTimeout(r, 30));

describe.each(testBackends)('the catalog search says when its background work fails, on %s (operator)', (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(backend);
    await seedCatalog(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  const addRobot = async (model: string) => {
    const [row] = await handle.db
      .insert(robots)
      .values({ manufacturer: 'Tau', model, ...robotSearchColumns({ manufacturer: 'Tau', model }), category: 'articulated', payloadKg: 7, reachMm: 700, dof: 6 })
      .returning();
    return row?.id ?? '';
  };

  it('logs a failed background version check once, with its error, and again only after one succeeded', async () => {
    let clock = 0;
    const { warned, logger } = recordingLogger();
    const search = new CatalogSearch(handle.db, { refreshMs: 1000, staleMs: 10_000, now: () => clock, logger });
    const q = robotQuerySchema.parse({ q: 'kuka' });
    const known = await search.search(q);
    down.version = true;
    try {
      for (const at of [1500, 2600, 3700]) {
        clock = at;
        expect(await search.search(q)).toBe(known); // answered with the version known; the probe fails behind it
        await settle();
      }
      expect(warned).toHaveLength(1);
      expect(warned[0]?.obj.catalogBackground).toBe('probe');
      expect(errorText(warned[0])).toBe('connection refused (version probe)');
      expect(warned[0]?.msg).toMatch(/could not check the catalog version/);
      down.version = false;
      clock = 4800;
      await search.search(q);
      await settle();
      down.version = true;
      clock = 5900;
      await search.search(q);
      await settle();
      expect(warned.map((w) => w.obj.catalogBackground)).toEqual(['probe', 'probe']);
    } finally {
      down.version = false;
    }
  });

  it("logs a failed background read of the makers' list after a change made elsewhere, with its error", async () => {
    let clock = 0;
    const { warned, logger } = recordingLogger();
    const search = new CatalogSearch(handle.db, { refreshMs: 1000, staleMs: 10_000, now: () => clock, logger });
    expect((await search.manufacturers()).length).toBeGreaterThan(0);
    down.makers = true;
    const id = await addRobot('Makers 1');
    try {
      clock = 1500;
      await search.search(robotQuerySchema.parse({ q: 'abb' }));
      await settle(); // the probe sees the insert and reads the new makers' list in the background
      expect(warned.map((w) => w.obj.catalogBackground)).toEqual(['makers']);
      expect(errorText(warned[0])).toBe('connection refused (makers)');
      expect(warned[0]?.msg).toMatch(/could not read the public makers' list/);
      down.makers = false;
      expect(await search.manufacturers()).toContain('Tau'); // a request reads it again
      expect(warned).toHaveLength(1);
    } finally {
      down.makers = false;
      await handle.db.delete(robots).where(eq(robots.id, id));
    }
  });

  it('logs a failed background rebuild of a stale answer once, and the request after staleMs reports it', async () => {
    let clock = 0;
    const { warned, logger } = recordingLogger();
    const search = new CatalogSearch(handle.db, { refreshMs: 1000, staleMs: 1000, now: () => clock, logger });
    let builds = 0;
    const build = async () => {
      builds += 1;
      if (builds > 1) throw new Error('the answer could not be made');
      return { answer: builds };
    };
    expect(await search.answer('k', build)).toEqual({ answer: 1 });
    expect(await search.answer('k', build)).toEqual({ answer: 1 }); // asked again: in use
    const id = await addRobot('Rebuild 1');
    try {
      clock = 2000; // the probe (awaited) sees the insert: the answer in use is made again in the background
      expect(await search.answer('k', build)).toEqual({ answer: 1 }); // the previous answer, within staleMs
      await settle();
      expect(builds).toBe(2);
      expect(warned.map((w) => w.obj.catalogBackground)).toEqual(['refresh']);
      expect(errorText(warned[0])).toBe('the answer could not be made');
      clock = 3100; // staleMs over: the request makes it and gets the error itself
      await expect(search.answer('k', build)).rejects.toThrow('the answer could not be made');
      expect(warned).toHaveLength(1);
    } finally {
      await handle.db.delete(robots).where(eq(robots.id, id));
    }
  });
});
