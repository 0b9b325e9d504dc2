import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ZipError } from './errors';

export interface ZipLimits {
  /** Most entries (files and folders) an archive may hold. */
  maxEntries: number;
  /** Most bytes all entries may inflate to, declared and real. */
  maxTotalBytes: number;
  /** Most bytes one entry may inflate to. */
  maxEntryBytes: number;
  /** Highest uncompressed/compressed ratio for an entry (ZIP bomb guard). */
  maxCompressionRatio: number;
  /** The ratio is only checked from this size up: small text files compress very well. */
  ratioCheckMinBytes: number;
}

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

/** Defaults sized for video uploads: videos barely compress, so a ratio of 100 is generous. */
export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 1000,
  maxTotalBytes: 4 * GiB,
  maxEntryBytes: 4 * GiB,
  maxCompressionRatio: 100,
  ratioCheckMinBytes: 1 * MiB,
};

export interface ZipEntryInfo {
  name: string;
  isDirectory: boolean;
  compressedSize: number;
  /** As the archive declares it; enforced while inflating. */
  uncompressedSize: number;
}

export interface ZipInspection {
  entryCount: number;
  fileCount: number;
  compressedBytes: number;
  declaredUncompressedBytes: number;
  /** Bytes really produced by inflating every entry; null when verify was off. */
  inflatedBytes: number | null;
  entries: ZipEntryInfo[];
}

export interface ExtractedFile {
  /** The entry name inside the archive ("clips/a.mp4"). */
  name: string;
  /** Absolute path on disk. */
  path: string;
  size: number;
}

const fmt = (bytes: number) => (bytes >= MiB ? `${(bytes / MiB).toFixed(1)} MiB` : `${bytes} bytes`);

/** Why an entry name is unsafe to extract, or null. yauzl checks the same; this keeps our own code. */
export function unsafeZipPathReason(name: string): string | null {
  if (name.includes('\0')) return 'contains NUL';
  if (name.includes('\\')) return 'contains a backslash';
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return 'is an absolute path';
  if (name.split('/').includes('..')) return 'climbs out of the folder with ".."';
  return null;
}

function toZipError(err: unknown): ZipError {
  if (err instanceof ZipError) return err;
  const message = (err as Error)?.message ?? String(err);
  if (/^(absolute path|invalid relative path|invalid characters in fileName)/.test(message)) {
    return new ZipError('ZIP_PATH_TRAVERSAL', `The ZIP holds an unsafe path (${message}); it was refused`, { cause: err });
  }
  if (/too many bytes in the stream/.test(message)) {
    return new ZipError('ZIP_BOMB', `A ZIP entry inflates to more than its header declares (${message}); it was refused`, { cause: err });
  }
  return new ZipError('ZIP_INVALID', `The file is not a valid ZIP archive: ${message}`, { cause: err });
}

function openZip(source: string | Buffer): Promise<ZipFile> {
  const options = { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: false };
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, zip?: ZipFile) => (err || !zip ? reject(toZipError(err ?? new Error('cannot open'))) : resolve(zip));
    if (Buffer.isBuffer(source)) yauzl.fromBuffer(source, options, done);
    else yauzl.open(source, options, done);
  });
}

function openEntryStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => (err || !stream ? reject(toZipError(err ?? new Error('no stream'))) : resolve(stream)));
  });
}

interface ScanState {
  limits: ZipLimits;
  declaredTotal: number;
  inflatedTotal: number;
}

/** Counts real inflated bytes and stops the stream the moment any limit is crossed. */
function byteGuard(entry: Entry, state: ScanState): Transform & { count: number } {
  let count = 0;
  const { limits } = state;
  const guard = new Transform({
    transform(chunk: Buffer, _enc, callback) {
      count += chunk.length;
      state.inflatedTotal += chunk.length;
      if (count > entry.uncompressedSize) {
        return callback(new ZipError('ZIP_BOMB', `"${entry.fileName}" inflates beyond the ${fmt(entry.uncompressedSize)} its header declares; the ZIP was refused`));
      }
      if (count > limits.maxEntryBytes || state.inflatedTotal > limits.maxTotalBytes) {
        return callback(new ZipError('ZIP_TOO_LARGE', `The ZIP inflates to more than ${fmt(limits.maxTotalBytes)}; it was refused`));
      }
      if (count >= limits.ratioCheckMinBytes && count / Math.max(1, entry.compressedSize) > limits.maxCompressionRatio) {
        return callback(new ZipError('ZIP_BOMB', `"${entry.fileName}" is compressed more than ${limits.maxCompressionRatio}:1 (a ZIP bomb?); the ZIP was refused`));
      }
      guard.count = count;
      callback(null, chunk);
    },
  }) as Transform & { count: number };
  guard.count = 0;
  return guard;
}

/** Header checks on one entry: path, sizes, ratio. Throws ZipError. */
function checkEntryHeader(entry: Entry, state: ScanState): void {
  const { limits } = state;
  const unsafe = unsafeZipPathReason(entry.fileName);
  if (unsafe) throw new ZipError('ZIP_PATH_TRAVERSAL', `The ZIP entry "${entry.fileName.slice(0, 200)}" ${unsafe}; the ZIP was refused`);
  if (entry.isEncrypted()) throw new ZipError('ZIP_INVALID', `The ZIP entry "${entry.fileName}" is encrypted; encrypted ZIPs are not supported`);
  state.declaredTotal += entry.uncompressedSize;
  if (entry.uncompressedSize > limits.maxEntryBytes || state.declaredTotal > limits.maxTotalBytes) {
    throw new ZipError('ZIP_TOO_LARGE', `The ZIP declares more than ${fmt(Math.min(limits.maxEntryBytes, limits.maxTotalBytes))} of content; it was refused`);
  }
  if (entry.uncompressedSize >= limits.ratioCheckMinBytes && entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.maxCompressionRatio) {
    throw new ZipError(
      'ZIP_BOMB',
      `"${entry.fileName}" would inflate ${fmt(entry.compressedSize)} to ${fmt(entry.uncompressedSize)} (more than ${limits.maxCompressionRatio}:1, a ZIP bomb?); the ZIP was refused`,
    );
  }
}

/**
 * Walks every entry with lazy reading, running the header checks, and hands each file's
 * guarded inflate stream to onFile when given (onFile must consume it).
 */
async function scanZip(
  source: string | Buffer,
  limits: ZipLimits,
  openSink?: (entry: Entry) => Promise<Writable>,
  onDirectory?: (entry: Entry) => Promise<void>,
): Promise<{ entries: ZipEntryInfo[]; inflated: number[]; state: ScanState; compressedBytes: number }> {
  const zip = await openZip(source);
  let closed = false;
  const close = () => {
    if (!closed) {
      closed = true;
      zip.close();
    }
  };
  if (zip.entryCount > limits.maxEntries) {
    close();
    throw new ZipError('ZIP_TOO_MANY_ENTRIES', `The ZIP holds ${zip.entryCount} entries; at most ${limits.maxEntries} are allowed`);
  }
  const state: ScanState = { limits, declaredTotal: 0, inflatedTotal: 0 };
  const entries: ZipEntryInfo[] = [];
  const inflated: number[] = [];
  let compressedBytes = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      let failed = false;
      const fail = (err: unknown) => {
        if (failed) return;
        failed = true;
        reject(toZipError(err));
      };
      zip.on('error', fail);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: Entry) => {
        void (async () => {
          if (entries.length >= limits.maxEntries) {
            throw new ZipError('ZIP_TOO_MANY_ENTRIES', `The ZIP holds more than ${limits.maxEntries} entries`);
          }
          checkEntryHeader(entry, state);
          const isDirectory = entry.fileName.endsWith('/');
          entries.push({ name: entry.fileName, isDirectory, compressedSize: entry.compressedSize, uncompressedSize: entry.uncompressedSize });
          compressedBytes += entry.compressedSize;
          if (isDirectory) await onDirectory?.(entry);
          else if (openSink) {
            const sink = await openSink(entry);
            const stream = await openEntryStream(zip, entry);
            const guard = byteGuard(entry, state);
            await pipeline(stream, guard, sink);
            inflated.push(guard.count);
          }
        })().then(
          () => {
            if (!failed) zip.readEntry();
          },
          fail,
        );
      });
      zip.readEntry();
    });
  } finally {
    close();
  }
  return { entries, inflated, state, compressedBytes };
}

function resolveLimits(limits?: Partial<ZipLimits>): ZipLimits {
  return { ...DEFAULT_ZIP_LIMITS, ...limits };
}

/**
 * Lists a ZIP and checks it against the limits: entry count, declared sizes, compression
 * ratio and entry paths from the headers; with verify (the default) every entry is also
 * inflated and counted, so a header that lies about its size is caught. Throws ZipError.
 */
export async function inspectZip(source: string | Buffer, limits?: Partial<ZipLimits>, options: { verify?: boolean } = {}): Promise<ZipInspection> {
  const verify = options.verify ?? true;
  const drain = () => Promise.resolve(new Writable({ write: (_chunk, _enc, callback) => callback() }));
  const { entries, state, compressedBytes } = await scanZip(source, resolveLimits(limits), verify ? drain : undefined);
  return {
    entryCount: entries.length,
    fileCount: entries.filter((e) => !e.isDirectory).length,
    compressedBytes,
    declaredUncompressedBytes: state.declaredTotal,
    inflatedBytes: verify ? state.inflatedTotal : null,
    entries,
  };
}

/**
 * Extracts a ZIP into destDir with the same checks as inspectZip: the headers are checked
 * first (nothing is written for an archive that fails them), then the real inflated bytes
 * are counted while writing. On failure the files written so far are removed.
 */
export async function extractZip(source: string | Buffer, destDir: string, limits?: Partial<ZipLimits>): Promise<ExtractedFile[]> {
  const resolved = resolveLimits(limits);
  await scanZip(source, resolved);
  const root = path.resolve(destDir);
  await mkdir(root, { recursive: true });
  const created: ExtractedFile[] = [];
  const target = (name: string) => {
    const file = path.resolve(root, name);
    if (!file.startsWith(root + path.sep)) throw new ZipError('ZIP_PATH_TRAVERSAL', `The ZIP entry "${name}" resolves outside the folder`);
    return file;
  };
  try {
    const { inflated } = await scanZip(
      source,
      resolved,
      async (entry) => {
        const file = target(entry.fileName);
        await mkdir(path.dirname(file), { recursive: true });
        // 'wx': a second entry with the same name must not overwrite the first.
        const handle = await open(file, 'wx').catch((err: NodeJS.ErrnoException) => {
          throw err.code === 'EEXIST' ? new ZipError('ZIP_INVALID', `The ZIP holds "${entry.fileName}" twice`) : err;
        });
        created.push({ name: entry.fileName, path: file, size: 0 });
        return handle.createWriteStream();
      },
      async (entry) => {
        await mkdir(target(entry.fileName), { recursive: true });
      },
    );
    created.forEach((file, i) => (file.size = inflated[i] ?? 0));
  } catch (err) {
    await Promise.all(created.map((f) => rm(f.path, { force: true }).catch(() => undefined)));
    throw toZipError(err);
  }
  return created;
}
