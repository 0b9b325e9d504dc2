import { createInflateRaw } from 'node:zlib';
import { SaxesParser } from 'saxes';
import { AppError } from '../../../lib/errors';
import type { Cell } from './table';
import { readZipDirectory, type ZipEntryInfo } from './zip-guard';

/*
 * An .xlsx workbook read as a stream. The ZIP's central directory is read from the
 * upload's bytes (already checked by zip-guard.ts); the small parts (workbook, its
 * relationships, styles) and the shared-strings table are read first, then a sheet's
 * XML is inflated 64 KB at a time and parsed with a SAX parser (saxes): each row is
 * handed on as it closes, so neither the sheet's XML nor a grid of its cells is ever
 * held. Formulas are never evaluated: the value Excel cached is used, else the
 * formula's text ("=A1*2").
 */

export interface XlsxSheet {
  name: string;
  hidden: boolean;
  /** The sheet's part in the ZIP ("xl/worksheets/sheet1.xml"); absent when the workbook names a part it lacks. */
  entry?: ZipEntryInfo;
}

export interface XlsxBook {
  sheets: XlsxSheet[];
  /**
   * Streams the rows of a sheet in order: `row` is the 1-based sheet row, `cells` its
   * first `maxColumns` cells (null where empty), `filled` whether any of ALL its cells
   * holds a value, `wider` whether a value lies beyond `maxColumns`. Rows with no cell
   * are not reported. Stops after row `maxRows`. `afterPiece`, when given, is awaited after
   * each 64 KB piece of the sheet's XML (the rows that closed in it were handed on): the
   * caller stores them there before more is read.
   */
  readRows(
    sheet: XlsxSheet,
    limits: { maxColumns: number; maxRows: number },
    onRow: (row: number, cells: Cell[], filled: boolean, wider: boolean) => void,
    afterPiece?: () => Promise<void>,
  ): Promise<{ merges: string[] }>;
}

const unreadable = (why: string) =>
  new AppError('WORKBOOK_UNREADABLE', `The workbook could not be read (${why}). Save it again from Excel, or export a .csv.`);

/** The local part of a (possibly prefixed) XML name: "x:row" -> "row". */
const local = (name: string) => {
  const i = name.indexOf(':');
  return i < 0 ? name : name.slice(i + 1);
};

/** OOXML's escapes of characters XML cannot hold ("_x000D_"); "_x005F_" escapes a literal underscore. */
function unescapeOoxml(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function entryStart(buf: Buffer, e: ZipEntryInfo): number {
  const at = e.localHeaderOffset;
  return at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
}

/** The text of a part, inflated 64 KB at a time and handed on as decoded text. */
async function* partText(buf: Buffer, e: ZipEntryInfo): AsyncGenerator<string> {
  const start = entryStart(buf, e);
  const data = buf.subarray(start, start + e.compressedSize);
  const decoder = new TextDecoder('utf-8');
  if (e.method === 0) {
    for (let i = 0; i < data.length; i += 65536) yield decoder.decode(data.subarray(i, i + 65536), { stream: true });
  } else {
    const inflate = createInflateRaw({ chunkSize: 65536 });
    inflate.end(data);
    try {
      for await (const chunk of inflate) yield decoder.decode(chunk as Buffer, { stream: true });
    } catch {
      throw unreadable('a compressed part is damaged');
    } finally {
      inflate.destroy();
    }
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

type Attributes = Record<string, string>;

interface Handlers {
  open: (name: string, attributes: Attributes, selfClosing: boolean) => void;
  close?: (name: string) => void;
  /** Text is gathered only while this says so (the caller knows which elements hold values). */
  wantsText?: () => boolean;
  text?: (text: string) => void;
  /** Stops the parse early (the rest of the part is not inflated). */
  done?: () => boolean;
  /** Awaited after each piece of the part was parsed, before the next is inflated. */
  afterPiece?: () => Promise<void>;
}

/** Parses a part with saxes, element names without their prefix. */
async function parsePart(buf: Buffer, e: ZipEntryInfo, h: Handlers): Promise<void> {
  const parser = new SaxesParser({ position: false });
  parser.on('opentag', (tag) => h.open(local(tag.name), tag.attributes as Attributes, tag.isSelfClosing));
  if (h.close) {
    const close = h.close;
    parser.on('closetag', (tag) => close(local(tag.name)));
  }
  if (h.text) {
    const text = h.text;
    const wants = h.wantsText ?? (() => true);
    parser.on('text', (t) => {
      if (wants()) text(t);
    });
    parser.on('cdata', (t) => {
      if (wants()) text(t);
    });
  }
  const pieces = partText(buf, e);
  try {
    for (;;) {
      try {
        const piece = await pieces.next();
        if (piece.done) {
          parser.close();
          return;
        }
        parser.write(piece.value);
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw unreadable(`${e.name}: ${(err as Error).message.split('\n')[0] ?? 'bad XML'}`);
      }
      if (h.done?.()) return;
      // Outside the catch: an error of the caller's storage is not a damaged workbook.
      if (h.afterPiece) await h.afterPiece();
    }
  } finally {
    // Stops the inflation when the parse ended early (done, or an error).
    await pieces.return(undefined);
  }
}

/** Relationship id -> part path, resolved against the part that owns the relationships. */
async function relationships(buf: Buffer, byName: Map<string, ZipEntryInfo>, owner: string): Promise<Map<string, { type: string; target: string }>> {
  const dir = owner.includes('/') ? owner.slice(0, owner.lastIndexOf('/') + 1) : '';
  const relsPath = `${dir}_rels/${owner.slice(dir.length)}.rels`;
  const out = new Map<string, { type: string; target: string }>();
  const e = byName.get(relsPath.toLowerCase());
  if (!e) return out;
  await parsePart(buf, e, {
    open(name, a) {
      if (name !== 'Relationship' || !a.Id || !a.Target) return;
      out.set(a.Id, { type: a.Type ?? '', target: resolvePath(dir, a.Target) });
    },
  });
  return out;
}

function resolvePath(dir: string, target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : dir + target).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return out.join('/');
}

/** Excel's built-in number formats that show a date or a time. */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81]);

/** Whether a custom number format shows a date or time ("yyyy-mm-dd", "[h]:mm"), not a number ("0.0", '"mm" 0'). */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '') // quoted text
    .replace(/\\./g, '') // escaped characters
    .replace(/_.|\*./g, '') // padding
    .replace(/\[(?!h+\]|m+\]|s+\])[^\]]*\]/gi, ''); // colours, conditions, locales; [h] [mm] [ss] stay
  const section = bare.split(';')[0] ?? '';
  if (/^general$/i.test(section.trim())) return false;
  return /[dmyhs]/i.test(section.replace(/e\+|e-/gi, ''));
}

/** Style index -> whether its number format shows a date. */
async function dateStyles(buf: Buffer, e: ZipEntryInfo | undefined): Promise<boolean[]> {
  if (!e) return [];
  const custom = new Map<number, string>();
  const xfFormats: number[] = [];
  let inCellXfs = false;
  await parsePart(buf, e, {
    open(name, a, selfClosing) {
      if (name === 'numFmt' && a.numFmtId !== undefined) custom.set(Number(a.numFmtId), a.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = !selfClosing;
      else if (name === 'xf' && inCellXfs) xfFormats.push(Number(a.numFmtId ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return xfFormats.map((id) => {
    const code = custom.get(id);
    return code !== undefined ? isDateFormat(code) : BUILTIN_DATE_FORMATS.has(id);
  });
}

/** The shared-strings table: rich-text runs joined, phonetic guides (<rPh>) left out. */
async function sharedStrings(buf: Buffer, e: ZipEntryInfo | undefined): Promise<string[]> {
  if (!e) return [];
  const out: string[] = [];
  let current: string[] | null = null;
  let inT = false;
  let phonetic = 0;
  await parsePart(buf, e, {
    open(name, _a, selfClosing) {
      // saxes reports a close tag for a self-closing element too.
      if (name === 'si') current = [];
      else if (name === 'rPh') phonetic += 1;
      else if (name === 't' && !selfClosing && phonetic === 0) inT = true;
    },
    close(name) {
      if (name === 't') inT = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'si' && current) {
        out.push(unescapeOoxml(current.join('')));
        current = null;
      }
    },
    wantsText: () => inT,
    text(t) {
      current?.push(t);
    },
  });
  return out;
}

/** "BC12" -> 54 (0-based column), or -1. */
function columnOf(ref: string): number {
  let c = 0;
  let i = 0;
  for (; i < ref.length; i += 1) {
    const code = ref.charCodeAt(i);
    if (code >= 65 && code <= 90) c = c * 26 + (code - 64);
    else if (code >= 97 && code <= 122) c = c * 26 + (code - 96);
    else break;
  }
  return i === 0 ? -1 : c - 1;
}

/** A date serial as a date: days since 1899-12-30 (Excel's 1900 leap-year bug kept for serials before March 1900), or since 1904-01-01. */
export function serialDate(serial: number, date1904: boolean): Date {
  const base = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  const days = !date1904 && serial < 60 ? serial + 1 : serial;
  return new Date(base + Math.round(days * 86_400) * 1000);
}

/** A date cell as an ISO string: "2024-03-15" for a plain date, full ISO with a time of day. */
export function isoDate(d: Date): string | null {
  if (Number.isNaN(d.getTime())) return null;
  const iso = d.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/** Opens a ZIP workbook: its sheets (names, hidden or not, parts), shared strings and date styles. */
export async function openXlsx(buf: Buffer): Promise<XlsxBook> {
  const byName = new Map(readZipDirectory(buf).map((e) => [e.name.toLowerCase(), e]));
  const rootRels = await relationships(buf, byName, '');
  const officeDocument = [...rootRels.values()].find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  const workbookEntry = byName.get(officeDocument.toLowerCase());
  if (!workbookEntry) throw unreadable('it has no workbook part');
  const rels = await relationships(buf, byName, officeDocument);

  const listed: Array<{ name: string; hidden: boolean; rid: string }> = [];
  let date1904 = false;
  await parsePart(buf, workbookEntry, {
    open(name, a) {
      if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      else if (name === 'sheet') {
        const rid = Object.entries(a).find(([k]) => local(k) === 'id' && k !== 'sheetId')?.[1] ?? '';
        listed.push({ name: a.name ?? '', hidden: a.state === 'hidden' || a.state === 'veryHidden', rid });
      }
    },
  });
  const relOfType = (suffix: string) => [...rels.values()].find((r) => r.type.endsWith(suffix))?.target;
  const sst = await sharedStrings(buf, byName.get((relOfType('/sharedStrings') ?? 'xl/sharedStrings.xml').toLowerCase()));
  const dates = await dateStyles(buf, byName.get((relOfType('/styles') ?? 'xl/styles.xml').toLowerCase()));
  const sheets: XlsxSheet[] = listed.map((s) => {
    const target = rels.get(s.rid)?.target;
    const entry = target ? byName.get(target.toLowerCase()) : undefined;
    return { name: s.name, hidden: s.hidden, entry };
  });

  return {
    sheets,
    async readRows(sheet, limits, onRow, afterPiece) {
      /** The sheet's merged ranges ("D1:E1"), listed after its rows (<mergeCells>); none when reading stopped at maxRows. */
      const merges: string[] = [];
      if (!sheet.entry) return { merges };
      // The row being read.
      let rowNumber = 0;
      let cells: Cell[] = [];
      let filled = false;
      let wider = false;
      // The cell being read.
      let col = -1;
      let type = '';
      let style = -1;
      let value: string[] = [];
      let formula: string[] = [];
      let hasValue = false;
      let into: string[] | null = null;
      let inInline = false;
      let stopped = false;

      const finishCell = () => {
        const v = cellOf(type, hasValue ? value.join('') : null, formula.length ? formula.join('') : null, style);
        if (v === null) return;
        if (v !== '') filled = true;
        if (col >= limits.maxColumns) {
          if (v !== '') wider = true;
          return;
        }
        while (cells.length < col) cells.push(null);
        cells[col] = v;
      };

      const cellOf = (t: string, v: string | null, f: string | null, s: number): Cell => {
        if (v === null) return f !== null ? `=${f}` : null;
        switch (t) {
          case 's': {
            const text = sst[Number(v)];
            return text ?? null;
          }
          case 'str':
          case 'inlineStr':
            return unescapeOoxml(v);
          case 'b':
            return v === '1' || v === 'true';
          case 'e':
            return v;
          case 'd':
            return isoDate(new Date(v));
          default: {
            if (v.trim() === '') return null;
            const n = Number(v);
            if (!Number.isFinite(n)) return v;
            return s >= 0 && dates[s] ? isoDate(serialDate(n, date1904)) : n;
          }
        }
      };

      await parsePart(buf, sheet.entry, {
        // saxes reports a close tag for a self-closing element too: rows and cells end in close().
        open(name, a, selfClosing) {
          switch (name) {
            case 'row': {
              const r = a.r ? Number(a.r) : rowNumber + 1;
              rowNumber = Number.isInteger(r) && r > rowNumber ? r : rowNumber + 1;
              if (rowNumber > limits.maxRows) {
                stopped = true;
                return;
              }
              cells = [];
              filled = false;
              wider = false;
              col = -1;
              break;
            }
            case 'c': {
              const c = a.r ? columnOf(a.r) : col + 1;
              col = c >= 0 ? c : col + 1;
              type = a.t ?? 'n';
              style = a.s ? Number(a.s) : -1;
              value = [];
              formula = [];
              hasValue = false;
              break;
            }
            case 'v':
              hasValue = true;
              into = selfClosing ? null : value;
              break;
            case 'is':
              inInline = true;
              hasValue = true;
              break;
            case 't':
              if (inInline && !selfClosing) into = value;
              break;
            case 'f':
              into = selfClosing ? null : formula;
              break;
            case 'rPh':
              if (inInline && !selfClosing) into = null;
              break;
            case 'mergeCell':
              if (a.ref && merges.length < 10_000) merges.push(a.ref);
              break;
          }
        },
        close(name) {
          switch (name) {
            case 'v':
            case 't':
            case 'f':
              into = null;
              break;
            case 'is':
              inInline = false;
              break;
            case 'c':
              finishCell();
              break;
            case 'row':
              if (!stopped) onRow(rowNumber, cells, filled, wider);
              break;
          }
        },
        wantsText: () => into !== null,
        text(t) {
          into?.push(t);
        },
        done: () => stopped,
        ...(afterPiece ? { afterPiece } : {}),
      });
      return { merges };
    },
  };
}
