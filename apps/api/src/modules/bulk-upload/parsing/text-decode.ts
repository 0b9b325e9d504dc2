import { AppError } from '../../../lib/errors';

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  bom: boolean;
}

/** Magic numbers of files people rename to .csv/.json by mistake. */
const binarySignatures: Array<{ bytes: number[]; what: string }> = [
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: 'a ZIP archive (an .xlsx workbook?)' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], what: 'an Office document (an .xls workbook?)' },
  { bytes: [0x25, 0x50, 0x44, 0x46], what: 'a PDF' },
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
  { bytes: [0x1f, 0x8b], what: 'a gzip archive' },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], what: 'a program' },
  { bytes: [0x4d, 0x5a], what: 'a program' },
];

export function startsWith(buf: Uint8Array, bytes: readonly number[]): boolean {
  if (buf.length < bytes.length) return false;
  return bytes.every((b, i) => buf[i] === b);
}

/** UTF-16 without a BOM: one byte of most ASCII-range pairs is 0. */
function sniffUtf16(buf: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(buf.length - (buf.length % 2), 4096);
  if (n < 4) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (buf[i] === 0) evenZero += 1;
    if (buf[i + 1] === 0) oddZero += 1;
  }
  const pairs = n / 2;
  if (oddZero / pairs > 0.4 && evenZero / pairs < 0.05) return 'utf-16le';
  if (evenZero / pairs > 0.4 && oddZero / pairs < 0.05) return 'utf-16be';
  return null;
}

/** How a text file is encoded, judged from its first bytes (see detectEncoding). */
export interface DetectedEncoding {
  /** null: no BOM and not UTF-16, so strict UTF-8, or Windows-1252 when the bytes are not valid UTF-8. */
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | null;
  /** Length of the byte order mark to skip (0 without one). */
  bomLength: number;
}

/**
 * The encoding of a CSV/JSON file from its first bytes (4 KB are enough): binary files
 * are refused, a BOM decides (UTF-8, UTF-16 LE/BE), UTF-16 without one is recognised
 * by its zero bytes; otherwise the caller decodes strict UTF-8 and falls back to
 * Windows-1252 when the bytes are not valid UTF-8.
 */
export function detectEncoding(head: Uint8Array, label: string): DetectedEncoding {
  for (const sig of binarySignatures) {
    if (startsWith(head, sig.bytes)) {
      throw new AppError('BAD_REQUEST', `The file is named ${label} but contains ${sig.what}, not text. Save it as ${label} or upload it with its real extension.`);
    }
  }
  if (startsWith(head, [0xef, 0xbb, 0xbf])) return { encoding: 'utf-8', bomLength: 3 };
  if (startsWith(head, [0xff, 0xfe])) return { encoding: 'utf-16le', bomLength: 2 };
  if (startsWith(head, [0xfe, 0xff])) return { encoding: 'utf-16be', bomLength: 2 };
  return { encoding: sniffUtf16(head), bomLength: 0 };
}

/**
 * Bytes to text for CSV and JSON: a BOM decides (UTF-8, UTF-16 LE/BE); without one,
 * UTF-16 is recognised by its zero bytes, then strict UTF-8, and Windows-1252 when the
 * bytes are not valid UTF-8 (Excel's "CSV" on Western Windows). Binary files are refused.
 */
export function decodeText(buf: Uint8Array, label: string): DecodedText {
  const detected = detectEncoding(buf, label);
  let decoded: DecodedText;
  if (detected.encoding === 'utf-8') {
    decoded = { text: strictUtf8(buf.subarray(3), label), encoding: 'utf-8', bom: true };
  } else if (detected.encoding) {
    const bom = detected.bomLength > 0;
    decoded = { text: new TextDecoder(detected.encoding).decode(bom ? buf.subarray(detected.bomLength) : buf), encoding: detected.encoding, bom };
  } else {
    if (buf.includes(0)) throw binaryError(label);
    try {
      decoded = { text: new TextDecoder('utf-8', { fatal: true }).decode(buf), encoding: 'utf-8', bom: false };
    } catch {
      decoded = { text: new TextDecoder('windows-1252').decode(buf), encoding: 'windows-1252', bom: false };
    }
  }
  assertLooksLikeText(decoded.text, label);
  return decoded;
}

function strictUtf8(buf: Uint8Array, label: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    // A UTF-8 BOM followed by invalid UTF-8: most likely binary junk.
    throw binaryError(label);
  }
}

export const binaryError = (label: string) =>
  new AppError('BAD_REQUEST', `The file is named ${label} but contains binary data, not text. Export it again as ${label} (UTF-8) and retry.`);

/** Control characters other than tab, CR, LF (and form feed) mean binary data, not text. */
export function assertLooksLikeText(text: string, label: string): void {
  const sample = text.length > 200_000 ? text.slice(0, 200_000) : text;
  let control = 0;
  for (let i = 0; i < sample.length; i += 1) {
    const c = sample.charCodeAt(i);
    if (c === 0) throw binaryError(label);
    if ((c < 0x20 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || c === 0xfffd) control += 1;
  }
  if (sample.length > 0 && control / sample.length > 0.01) throw binaryError(label);
}
