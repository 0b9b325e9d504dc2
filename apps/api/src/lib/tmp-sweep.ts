import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Removes files left in the API's temporary folder (DATA_DIR/tmp) by a process that
 * stopped mid-upload: bulk-upload files waiting to be parsed, video parts waiting to be
 * stored. Only files older than `maxAgeMs` go, so an upload another API process on the
 * same data folder is receiving right now is left alone. Returns how many were removed.
 */
export async function sweepStaleTempFiles(dir: string, maxAgeMs: number, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || now - info.mtimeMs < maxAgeMs) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}
