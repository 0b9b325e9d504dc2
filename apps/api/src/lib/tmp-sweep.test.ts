import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepStaleTempFiles } from './tmp-sweep';

describe('sweepStaleTempFiles', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('removes files older than the age limit and keeps fresh files and folders', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cf-sweep-'));
    dirs.push(dir);
    const hourAgo = (Date.now() - 2 * 3600_000) / 1000;
    for (const name of ['cellforge-bulk-old', 'video-part-old']) {
      writeFileSync(path.join(dir, name), 'x');
      utimesSync(path.join(dir, name), hourAgo, hourAgo);
    }
    writeFileSync(path.join(dir, 'cellforge-bulk-receiving-now'), 'x');
    mkdirSync(path.join(dir, 'a-folder'));
    utimesSync(path.join(dir, 'a-folder'), hourAgo, hourAgo);

    expect(await sweepStaleTempFiles(dir, 3600_000)).toBe(2);
    expect(readdirSync(dir).sort()).toEqual(['a-folder', 'cellforge-bulk-receiving-now']);
    expect(await sweepStaleTempFiles(dir, 3600_000)).toBe(0);
  });

  it('treats a missing folder as empty', async () => {
    expect(await sweepStaleTempFiles(path.join(tmpdir(), `cf-sweep-missing-${process.pid}`), 1000)).toBe(0);
  });
});
