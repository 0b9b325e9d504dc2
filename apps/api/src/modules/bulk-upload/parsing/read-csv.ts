import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import Papa from 'papaparse';
import { BULK_MAX_ROWS, BULK_PREVIEW_ROWS } from '@cellforge/contracts';
import { AppError } from '../../../lib/errors';
import { group, nth } from '../../../lib/invariants';
import { assertHasData, createTableBuilder } from './table';
import { assertLooksLikeText, binaryError, detectEncoding, type TextEncodingName } from './text-decode';
import type { DecimalVotes } from './units';
import { addDecimalVotes } from './validate-rows';
import { votesOf, type ReadOptions, type UploadTable } from './upload-table';

/* CSV: decoded and parsed as a stream, 1 MB at a time, rows packed as they come. */

const delimiters = [',', ';', '\t', '|'] as const;

/**
 * The delimiter whose split gives the most consistent number of fields (> 1) over the
 * first rows. "12,5" decimals in a ';' file make ',' inconsistent, so ';' wins there.
 */
export function detectDelimiter(text: string): string {
  const sample = text.length > 65_536 ? text.slice(0, 65_536) : text;
  let best: { delimiter: string; score: number; fields: number } = { delimiter: ',', score: 0, fields: 1 };
  for (const delimiter of delimiters) {
    const { data } = Papa.parse<string[]>(sample, { delimiter, preview: 40, skipEmptyLines: 'greedy' });
    const counts = data.map((r) => r.length).filter((n) => n > 1);
    if (!counts.length) continue;
    const freq = new Map<number, number>();
    for (const n of counts) freq.set(n, (freq.get(n) ?? 0) + 1);
    const [fields, hits] = nth([...freq.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]), 0);
    const score = hits / data.length;
    if (score > best.score + 1e-9 || (Math.abs(score - best.score) < 1e-9 && fields > best.fields)) {
      best = { delimiter, score, fields };
    }
  }
  return best.delimiter;
}

/** Bytes read per step of a CSV (and the text decoded from them). */
const CSV_CHUNK_BYTES = 1024 * 1024;
/** Text looked at before parsing starts: the binary check reads 200,000 characters, Papa's newline guess 1 MB. */
const CSV_HEAD_CHARS = 1024 * 1024 + 64;

/** Bytes of a CSV that can be read from the start more than once (a second pass decodes Windows-1252). */
interface CsvBytes {
  head(n: number): Promise<Uint8Array>;
  chunks(): AsyncIterable<Uint8Array>;
}

export function bufferBytes(buf: Buffer): CsvBytes {
  return {
    head: (n) => Promise.resolve(buf.subarray(0, n)),
    // eslint-disable-next-line @typescript-eslint/require-await -- an async iterable over a buffer already in memory
    async *chunks() {
      for (let i = 0; i < buf.length; i += CSV_CHUNK_BYTES) yield buf.subarray(i, i + CSV_CHUNK_BYTES);
    },
  };
}

export function fileBytes(path: string): CsvBytes {
  return {
    async head(n) {
      const handle = await open(path);
      try {
        const buf = Buffer.alloc(n);
        const { bytesRead } = await handle.read(buf, 0, n, 0);
        return buf.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    chunks: () => createReadStream(path, { highWaterMark: CSV_CHUNK_BYTES }),
  };
}

/** Thrown by the strict UTF-8 pass at the first invalid byte: the file is read again as Windows-1252. */
class NotUtf8 extends Error {}

/** The file's text, piece by piece (one piece per chunk of bytes). */
async function* decodeChunks(bytes: CsvBytes, encoding: TextEncodingName, bomLength: number, label: string): AsyncGenerator<string> {
  const sniffed = bomLength === 0 && (encoding === 'utf-8' || encoding === 'windows-1252');
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  let skip = bomLength;
  const decode = (chunk?: Uint8Array) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      // Without a BOM, invalid UTF-8 means Windows-1252; after a UTF-8 BOM, binary junk.
      throw sniffed ? new NotUtf8() : binaryError(label);
    }
  };
  for await (const raw of bytes.chunks()) {
    let chunk = raw;
    if (skip > 0) {
      const n = Math.min(skip, chunk.length);
      chunk = chunk.subarray(n);
      skip -= n;
    }
    if (sniffed && chunk.includes(0)) throw binaryError(label);
    const text = decode(chunk);
    if (text) yield text;
  }
  const rest = decode();
  if (rest) yield rest;
}

/**
 * Reads a CSV: the encoding from its first bytes (see detectEncoding), Excel's "sep="
 * line or else the delimiter from the first 64 KB (see detectDelimiter), then the rows
 * with Papa Parse's core parser, fed 1 MB of text at a time (the unfinished last row of
 * each piece is carried into the next), pushed into a table builder as they come.
 */
export async function readCsv(bytes: CsvBytes, options: ReadOptions = {}): Promise<UploadTable> {
  const head = await bytes.head(4096);
  const detected = detectEncoding(head, '.csv');
  if (detected.encoding) return readCsvAs(bytes, detected.encoding, detected.bomLength, options);
  try {
    return await readCsvAs(bytes, 'utf-8', 0, options);
  } catch (err) {
    if (!(err instanceof NotUtf8)) throw err;
    return readCsvAs(bytes, 'windows-1252', 0, options);
  }
}

async function readCsvAs(bytes: CsvBytes, encoding: TextEncodingName, bomLength: number, options: ReadOptions): Promise<UploadTable> {
  const pieces = decodeChunks(bytes, encoding, bomLength, '.csv');
  try {
    return await parsePieces(pieces, encoding, options);
  } finally {
    // Closes the file stream when parsing stopped early (an error).
    await pieces.return(undefined);
  }
}

async function parsePieces(pieces: AsyncGenerator<string>, encoding: TextEncodingName, options: ReadOptions): Promise<UploadTable> {
  // The start of the text: checked for binary data, then it settles the delimiter and newline.
  let start = '';
  let ended = false;
  while (start.length < CSV_HEAD_CHARS) {
    const next = await pieces.next();
    if (next.done) {
      ended = true;
      break;
    }
    start += next.value;
  }
  assertLooksLikeText(start, '.csv');
  // Excel's "sep=;" first line names the delimiter.
  const sep = /^sep=(.)[ \t]*\r?\n/i.exec(start);
  if (sep) start = start.slice(sep[0].length);
  if (ended && !start.trim()) throw new AppError('BAD_REQUEST', 'The CSV file is empty: there is no header row and no data.');
  const delimiter = sep ? group(sep, 1) : detectDelimiter(start);
  // Papa guesses the line break from the first 1 MB, as it would for the whole text.
  const newline = Papa.parse<string[]>(start.slice(0, 1024 * 1024), { delimiter, preview: 1 }).meta.linebreak as '\n' | '\r' | '\r\n';

  const votes: DecimalVotes[] = [];
  const builder = createTableBuilder('CSV file', { previewRows: BULK_PREVIEW_ROWS, onDataRow: (row) => addDecimalVotes(votes, row), rowOffset: sep ? 1 : 0, headerRow: options.headerRow, flagLongRows: true });
  let lines = 0;
  let carry = '';
  const feed = (piece: string, last: boolean) => {
    const input = carry + piece;
    const result = new Papa.Parser({ delimiter, newline }).parse(input, 0, !last) as Papa.ParseResult<string[]>;
    const broken = result.errors.find((e) => e.code === 'MissingQuotes');
    if (broken) {
      const at = typeof broken.row === 'number' ? ` near row ${lines + broken.row + 1}` : '';
      throw new AppError('BAD_REQUEST', `The CSV has a quoted field that is never closed${at}. Check the quotes (") in that row.`);
    }
    lines += result.data.length;
    if (lines > BULK_MAX_ROWS + 1000) {
      throw new AppError('BAD_REQUEST', `The file has more than ${BULK_MAX_ROWS.toLocaleString('en-US')} data rows. Split it into smaller files.`);
    }
    for (const row of result.data) builder.push(row);
    carry = last ? '' : input.slice(result.meta.cursor);
  };
  const store = async () => {
    if (options.onRows) await options.onRows(builder.drain());
  };
  feed(start, ended);
  await store();
  if (!ended) {
    for await (const piece of pieces) {
      feed(piece, false);
      await store();
    }
    feed('', true);
  }
  const table = builder.finish();
  assertHasData(table, 'CSV file');
  const warnings = [...table.warnings];
  if (encoding !== 'utf-8') warnings.push(`Read the file as ${encoding === 'windows-1252' ? 'Windows-1252 (it is not UTF-8)' : encoding.toUpperCase()}.`);
  return {
    columns: table.columns,
    rows: table.rows,
    preview: table.preview,
    headerRow: table.headerRow,
    warnings,
    firstRows: table.firstRows,
    meta: {
      format: 'csv',
      encoding,
      delimiter,
      decimalHint: delimiter === ';' ? 'comma' : null,
      headerRow: table.headerRow,
      decimalVotes: votesOf(table, votes),
      sheetRows: table.sheetRows,
      ...(table.keptColumns ? { keptColumns: table.keptColumns } : {}),

      ...(table.spillFrom !== undefined ? { spillFrom: table.spillFrom } : {}),
    },
  };
}
