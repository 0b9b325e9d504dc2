import v8 from 'node:v8';
import { constants as zlibConstants, createInflateRaw, inflateRawSync } from 'node:zlib';
import { BULK_MAX_WORKBOOK_ROWS } from '@cellforge/contracts';
import { AppError } from '../../../lib/errors';

/** Limits for a workbook's ZIP container (.xlsx is a ZIP of XML files). */
export interface ZipLimits {
  maxEntries: number;
  maxTotalUncompressed: number;
  /** Largest uncompressed/compressed ratio of one entry (entries under 1 MB are not checked). */
  maxRatio: number;
}

export const defaultZipLimits: ZipLimits = { maxEntries: 10_000, maxTotalUncompressed: 200 * 1024 * 1024, maxRatio: 100 };

export interface ZipEntryInfo {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const bomb = (why: string) =>
  new AppError('WORKBOOK_UNSAFE', `This workbook cannot be read safely: ${why}. Save it again from Excel, or export the sheet as CSV.`);
const corrupt = (why: string) => new AppError('WORKBOOK_UNREADABLE', `The file is not a valid Excel workbook (${why}). Save it again from Excel, or export the sheet as CSV.`);

function u64(buf: Buffer, at: number): number {
  const v = buf.readBigUInt64LE(at);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw bomb('it declares an impossible size');
  return Number(v);
}

/**
 * Reads the ZIP central directory without inflating anything: entry names, methods and
 * the sizes each entry declares (ZIP64 included).
 */
export function readZipDirectory(buf: Buffer): ZipEntryInfo[] {
  const minEocd = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= minEocd; i -= 1) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw corrupt('no ZIP directory');
  let entries = buf.readUInt16LE(eocd + 10);
  let cdSize = buf.readUInt32LE(eocd + 12);
  let cdOffset = buf.readUInt32LE(eocd + 16);
  if (entries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const loc = eocd - 20;
    if (loc < 0 || buf.readUInt32LE(loc) !== ZIP64_LOCATOR) throw corrupt('broken ZIP64 directory');
    const z64 = u64(buf, loc + 8);
    if (z64 + 56 > buf.length || buf.readUInt32LE(z64) !== ZIP64_EOCD) throw corrupt('broken ZIP64 directory');
    entries = u64(buf, z64 + 32);
    cdSize = u64(buf, z64 + 40);
    cdOffset = u64(buf, z64 + 48);
  }
  if (cdOffset + cdSize > buf.length) throw corrupt('the ZIP directory points outside the file');

  const list: ZipEntryInfo[] = [];
  let p = cdOffset;
  const end = cdOffset + cdSize;
  while (p + 46 <= end && buf.readUInt32LE(p) === CENTRAL) {
    const method = buf.readUInt16LE(p + 10);
    let compressedSize = buf.readUInt32LE(p + 20);
    let uncompressedSize = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    let localHeaderOffset = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    // ZIP64 extra field: the 0xFFFFFFFF sizes/offset are given there, in this order.
    let x = p + 46 + nameLen;
    const xEnd = x + extraLen;
    while (x + 4 <= xEnd) {
      const id = buf.readUInt16LE(x);
      const size = buf.readUInt16LE(x + 2);
      if (id === 0x0001) {
        let q = x + 4;
        if (uncompressedSize === 0xffffffff && q + 8 <= x + 4 + size) {
          uncompressedSize = u64(buf, q);
          q += 8;
        }
        if (compressedSize === 0xffffffff && q + 8 <= x + 4 + size) {
          compressedSize = u64(buf, q);
          q += 8;
        }
        if (localHeaderOffset === 0xffffffff && q + 8 <= x + 4 + size) localHeaderOffset = u64(buf, q);
      }
      x += 4 + size;
    }
    list.push({ name, method, compressedSize, uncompressedSize, localHeaderOffset });
    if (list.length > entries + 1) break;
    p = xEnd + commentLen;
  }
  if (list.length !== entries) throw corrupt('the ZIP directory is inconsistent');
  return list;
}

/** Inflates one entry into nothing, counting bytes; rejects as soon as `limit` is passed. */
function inflatedSize(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let total = 0;
    let done = false;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit && !done) {
        done = true;
        inflate.destroy();
        resolve(total);
      }
    });
    inflate.on('end', () => {
      if (!done) {
        done = true;
        resolve(total);
      }
    });
    inflate.on('error', () => {
      if (!done) {
        done = true;
        reject(corrupt('a compressed part is damaged'));
      }
    });
    inflate.end(data);
  });
}

/**
 * Zip-bomb guard, run BEFORE the workbook reaches SheetJS: the declared entry count,
 * total size and per-entry ratio are checked from the central directory, then every
 * deflated entry is inflated into a counter (nothing kept) to prove the declared sizes
 * are true, since a crafted file may declare small sizes and expand far beyond them.
 */
export async function assertSafeZip(buf: Buffer, limits: ZipLimits = defaultZipLimits): Promise<void> {
  const entries = readZipDirectory(buf);
  if (entries.length > limits.maxEntries) throw bomb(`it holds ${entries.length} files (at most ${limits.maxEntries})`);
  let total = 0;
  for (const e of entries) {
    total += e.uncompressedSize;
    if (total > limits.maxTotalUncompressed) {
      throw bomb(`it expands to more than ${Math.round(limits.maxTotalUncompressed / 1024 / 1024)} MB`);
    }
    if (e.uncompressedSize > 1024 * 1024 && e.uncompressedSize / Math.max(e.compressedSize, 1) > limits.maxRatio) {
      throw bomb(`a part is compressed more than ${limits.maxRatio} times (typical of a zip bomb)`);
    }
    if (e.method !== 0 && e.method !== 8) throw corrupt(`unsupported compression method ${e.method}`);
  }
  for (const e of entries) {
    const at = e.localHeaderOffset;
    if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL) throw corrupt('a file header is missing');
    const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
    if (start + e.compressedSize > buf.length) throw corrupt('a part is cut off');
    if (e.method === 0) {
      if (e.compressedSize !== e.uncompressedSize) throw corrupt('a stored part has the wrong size');
      continue;
    }
    const actual = await inflatedSize(buf.subarray(start, start + e.compressedSize), e.uncompressedSize);
    if (actual > e.uncompressedSize) throw bomb('a part expands beyond the size it declares');
  }
}

const MB = 1024 * 1024;

/**
 * The most a workbook may expand to (all its XML parts) for this process to read it.
 * SheetJS holds a sheet's text and all its cells at once: about 4 bytes of heap per
 * byte of XML (250,000 rows x 9 columns: 87 MB of XML, 336 MB of heap at the peak). A
 * workbook beyond what the heap budget (API_MAX_OLD_SPACE_MB) allows is refused with a
 * 400, instead of exhausting the heap, which would stop the whole API.
 */
export function workbookXmlLimit(heapLimit: number = v8.getHeapStatistics().heap_size_limit): number {
  return Math.max(16 * MB, Math.floor((heapLimit - 64 * MB) / 4));
}

/** Refuses a workbook (ZIP) that expands to more than workbookXmlLimit. Run after assertSafeZip. */
export function assertWorkbookFits(buf: Buffer, heapLimit?: number): void {
  const total = readZipDirectory(buf).reduce((n, e) => n + e.uncompressedSize, 0);
  const limit = workbookXmlLimit(heapLimit);
  if (total > limit) {
    throw new AppError(
      'WORKBOOK_TOO_LARGE',
      `This workbook is too large to read here: it expands to ${Math.round(total / MB)} MB of spreadsheet data, and this server reads workbooks of up to ${Math.round(limit / MB)} MB. Save the sheet as CSV and upload that instead, or split the workbook.`,
    );
  }
}

/** Worksheet parts: read as a stream (read-xlsx-stream.ts), never held whole. */
const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/i;

/**
 * Refuses an .xlsx whose parts held whole while it is read (shared strings, styles, the
 * workbook: everything but the worksheets, which are streamed) expand beyond
 * workbookXmlLimit. Run after assertSafeZip.
 */
export function assertHeldPartsFit(buf: Buffer, heapLimit?: number): void {
  const total = readZipDirectory(buf).reduce((n, e) => n + (WORKSHEET_PART.test(e.name) ? 0 : e.uncompressedSize), 0);
  const limit = workbookXmlLimit(heapLimit);
  if (total > limit) {
    throw new AppError(
      'WORKBOOK_TOO_LARGE',
      `This workbook is too large to read here: its shared text expands to ${Math.round(total / MB)} MB, and this server reads up to ${Math.round(limit / MB)} MB of it. Save the sheet as CSV and upload that instead, or split the workbook.`,
    );
  }
}

/** "A1:E1048576" -> the last row and column (1-based). */
function dimensionOf(ref: string): { rows: number; columns: number } | null {
  const end = ref.split(':').pop() ?? '';
  const m = /^\$?([A-Z]{1,3})\$?(\d{1,7})$/.exec(end);
  if (!m) return null;
  const columns = [...(m[1] ?? '')].reduce((n, ch) => n * 26 + (ch.charCodeAt(0) - 64), 0);
  return { rows: Number(m[2]), columns };
}

/**
 * The size each worksheet declares (its <dimension ref>), read from the first few KB of
 * each sheet part without inflating the rest: a sheet of 1,048,576 rows is refused before
 * SheetJS reads any of it. A sheet without a dimension is left to the row limit of the reader.
 */
export function worksheetSizes(buf: Buffer): Array<{ part: string; rows: number; columns: number }> {
  const out: Array<{ part: string; rows: number; columns: number }> = [];
  for (const e of readZipDirectory(buf)) {
    if (!WORKSHEET_PART.test(e.name)) continue;
    const at = e.localHeaderOffset;
    const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
    const head = buf.subarray(start, start + Math.min(e.compressedSize, 4096));
    let text: string;
    try {
      text = (e.method === 0 ? head : inflateRawSync(head, { finishFlush: zlibConstants.Z_SYNC_FLUSH })).toString('utf8', 0, 65536);
    } catch {
      continue;
    }
    const ref = /<(?:\w+:)?dimension\s+ref="([^"]+)"/.exec(text)?.[1];
    const size = ref ? dimensionOf(ref) : null;
    if (size) out.push({ part: e.name, ...size });
  }
  return out;
}

/** Refuses a workbook a sheet of which declares more rows than an import takes (title rows allowed for). */
export function assertSheetsFit(buf: Buffer, maxRows: number = BULK_MAX_WORKBOOK_ROWS): void {
  const big = worksheetSizes(buf).find((s) => s.rows > maxRows + 1000);
  if (big) {
    throw new AppError(
      'FILE_TOO_MANY_ROWS',
      `A sheet of this workbook has ${big.rows.toLocaleString('en-US')} rows; an import takes at most ${maxRows.toLocaleString('en-US')} data rows. Split the sheet into smaller files (or delete the empty rows below your data) and upload them one by one.`,
    );
  }
}
