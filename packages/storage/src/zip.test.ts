import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZipError } from './errors';
import { buildZip } from './testing/zip-writer';
import { extractZip, inspectZip } from './zip';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'zip-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ZipError);
  return (err as ZipError).code;
}

const video = Buffer.alloc(200_000);
for (let i = 0; i < video.length; i++) video[i] = (i * 2654435761) >>> 24; // incompressible-ish

describe('inspectZip', () => {
  it('counts entries and sums declared and real sizes, from a buffer and from a file', async () => {
    const zip = buildZip([
      { name: 'clips/', data: undefined },
      { name: 'clips/a.mp4', data: video, method: 'store' },
      { name: 'manifest.json', data: '{"payloads":[]}' },
    ]);
    const file = path.join(dir, 'x.zip');
    await writeFile(file, zip);
    for (const source of [zip, file]) {
      const info = await inspectZip(source);
      expect(info.entryCount).toBe(3);
      expect(info.fileCount).toBe(2);
      expect(info.declaredUncompressedBytes).toBe(video.length + 15);
      expect(info.inflatedBytes).toBe(video.length + 15);
      expect(info.entries.map((e) => e.name)).toEqual(['clips/', 'clips/a.mp4', 'manifest.json']);
    }
  });

  it('accepts an empty ZIP', async () => {
    expect((await inspectZip(buildZip([]))).entryCount).toBe(0);
  });

  it('refuses too many entries (ZIP_TOO_MANY_ENTRIES)', async () => {
    const zip = buildZip(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' })));
    expect(await codeOf(inspectZip(zip, { maxEntries: 10 }))).toBe('ZIP_TOO_MANY_ENTRIES');
    expect((await inspectZip(zip, { maxEntries: 11 })).entryCount).toBe(11);
  });

  it('refuses a total declared size over the limit (ZIP_TOO_LARGE)', async () => {
    const zip = buildZip([
      { name: 'a.bin', data: video, method: 'store' },
      { name: 'b.bin', data: video, method: 'store' },
    ]);
    expect(await codeOf(inspectZip(zip, { maxTotalBytes: 300_000 }))).toBe('ZIP_TOO_LARGE');
  });

  it.each([
    ['../evil.sh', 'dot-dot'],
    ['clips/../../evil.sh', 'nested dot-dot'],
    ['/etc/cron.d/evil', 'absolute'],
    ['C:/Windows/evil.exe', 'drive letter'],
    ['..\\evil.bat', 'backslash'],
  ])('refuses the path %j (%s) with ZIP_PATH_TRAVERSAL', async (name) => {
    const zip = buildZip([{ name: 'ok.txt', data: 'fine' }, { name, data: 'evil' }]);
    expect(await codeOf(inspectZip(zip))).toBe('ZIP_PATH_TRAVERSAL');
  });

  it('refuses a ZIP bomb by its declared ratio (ZIP_BOMB)', async () => {
    const zip = buildZip([{ name: 'zeros.bin', data: Buffer.alloc(20 * 1024 * 1024) }]);
    expect(zip.length).toBeLessThan(100_000);
    expect(await codeOf(inspectZip(zip, {}, { verify: false }))).toBe('ZIP_BOMB');
  });

  it('catches a header that lies about the inflated size (ZIP_BOMB), where the headers alone look fine', async () => {
    const zip = buildZip([{ name: 'liar.bin', data: Buffer.alloc(5 * 1024 * 1024), declaredSize: 1000 }]);
    // The headers alone pass: 1000 declared bytes, ratio tiny.
    expect((await inspectZip(zip, {}, { verify: false })).declaredUncompressedBytes).toBe(1000);
    expect(await codeOf(inspectZip(zip))).toBe('ZIP_BOMB');
  });

  it('refuses garbage and truncated archives (ZIP_INVALID)', async () => {
    expect(await codeOf(inspectZip(Buffer.from('this is not a zip at all, just some text')))).toBe('ZIP_INVALID');
    const zip = buildZip([{ name: 'a.bin', data: video, method: 'store' }]);
    expect(await codeOf(inspectZip(zip.subarray(0, zip.length - 30)))).toBe('ZIP_INVALID');
  });
});

describe('extractZip', () => {
  it('extracts files and folders inside the destination', async () => {
    const zip = buildZip([
      { name: 'clips/', data: undefined },
      { name: 'clips/a.mp4', data: video, method: 'store' },
      { name: 'manifest.json', data: '{"notes":"hi"}' },
    ]);
    const out = path.join(dir, 'out');
    const files = await extractZip(zip, out);
    expect(files.map((f) => [f.name, f.size])).toEqual([
      ['clips/a.mp4', video.length],
      ['manifest.json', 14],
    ]);
    expect(files[0]?.path).toBe(path.join(out, 'clips', 'a.mp4'));
    expect(await readFile(path.join(out, 'manifest.json'), 'utf8')).toBe('{"notes":"hi"}');
  });

  it('writes nothing for a traversal entry, even when it comes after good ones', async () => {
    const zip = buildZip([{ name: 'good.txt', data: 'ok' }, { name: '../../escaped.txt', data: 'evil' }]);
    const out = path.join(dir, 'out');
    expect(await codeOf(extractZip(zip, out))).toBe('ZIP_PATH_TRAVERSAL');
    expect(await readdir(dir)).toEqual([]);
  });

  it('stops a lying entry while writing and removes what it wrote', async () => {
    const zip = buildZip([
      { name: 'first.txt', data: 'fine' },
      { name: 'liar.bin', data: Buffer.alloc(5 * 1024 * 1024), declaredSize: 1000 },
    ]);
    const out = path.join(dir, 'out');
    expect(await codeOf(extractZip(zip, out))).toBe('ZIP_BOMB');
    expect(await readdir(out)).toEqual([]);
  });

  it('enforces the real total while writing (ZIP_TOO_LARGE)', async () => {
    // Declares 1000 bytes each, really holds 150 kB each: over a 200 kB limit only when counted.
    const zip = buildZip([
      { name: 'a.bin', data: video.subarray(0, 150_000), method: 'store', declaredSize: 150_000 },
      { name: 'b.bin', data: video.subarray(0, 150_000), method: 'store', declaredSize: 150_000 },
    ]);
    expect(await codeOf(extractZip(zip, path.join(dir, 'out'), { maxTotalBytes: 200_000 }))).toBe('ZIP_TOO_LARGE');
  });

  it('refuses a duplicate entry name', async () => {
    const zip = buildZip([
      { name: 'a.txt', data: 'one' },
      { name: 'a.txt', data: 'two' },
    ]);
    expect(await codeOf(extractZip(zip, path.join(dir, 'out')))).toBe('ZIP_INVALID');
  });
});
