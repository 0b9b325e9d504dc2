/**
 * Test files generated in code (never checked in): CSV in several dialects and
 * encodings, JSON, XLSX/XLS written with SheetJS, and crafted ZIP bombs.
 */
import * as XLSX from 'xlsx';
import { buildZip } from '@cellforge/storage/testing';

export type CsvEncoding = 'utf8' | 'utf8-bom' | 'utf16le' | 'utf16be' | 'windows-1252';

/** Quotes a field when it holds the delimiter, a quote or a line break. */
export function csvText(rows: ReadonlyArray<ReadonlyArray<string | number>>, delimiter = ',', newline = '\r\n'): string {
  return rows
    .map((r) =>
      r
        .map((v) => {
          const s = String(v);
          return s.includes(delimiter) || s.includes('"') || s.includes('\n') || s.includes('\r') ? `"${s.replace(/"/g, '""')}"` : s;
        })
        .join(delimiter),
    )
    .join(newline);
}

export function encodeText(text: string, encoding: CsvEncoding): Buffer {
  switch (encoding) {
    case 'utf8':
      return Buffer.from(text, 'utf8');
    case 'utf8-bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
    case 'utf16le':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    case 'utf16be': {
      const le = Buffer.from(text, 'utf16le');
      return Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(le).swap16()]);
    }
    case 'windows-1252':
      // Latin-1 and Windows-1252 agree on 0xA0-0xFF ("ä" is 0xE4).
      return Buffer.from(text, 'latin1');
  }
}

export function csvBuffer(rows: ReadonlyArray<ReadonlyArray<string | number>>, options: { delimiter?: string; encoding?: CsvEncoding } = {}): Buffer {
  return encodeText(csvText(rows, options.delimiter ?? ','), options.encoding ?? 'utf8');
}

export type SheetCell = string | number | boolean | Date | null | { formula: string; cached?: string | number };

/** A workbook with one (or more) sheets; a `{ formula }` cell is written as a formula, cached value optional. */
export function workbookBuffer(
  sheets: Array<{ name: string; rows: SheetCell[][]; hidden?: boolean; merges?: string[] }>,
  bookType: 'xlsx' | 'biff8',
): Buffer {
  const wb = XLSX.utils.book_new();
  for (const sheet of sheets) {
    const plain = sheet.rows.map((r) => r.map((c) => (c !== null && typeof c === 'object' && !(c instanceof Date) ? null : c)));
    const ws = XLSX.utils.aoa_to_sheet(plain, { cellDates: true });
    sheet.rows.forEach((r, ri) =>
      r.forEach((c, ci) => {
        if (c !== null && typeof c === 'object' && !(c instanceof Date)) {
          const ref = XLSX.utils.encode_cell({ r: ri, c: ci });
          ws[ref] = c.cached === undefined ? { t: 'n', f: c.formula } : { t: typeof c.cached === 'number' ? 'n' : 's', v: c.cached, f: c.formula };
        }
      }),
    );
    const width = Math.max(1, ...sheet.rows.map((r) => r.length));
    ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(0, sheet.rows.length - 1), c: width - 1 } });
    if (sheet.merges) ws['!merges'] = sheet.merges.map((m) => XLSX.utils.decode_range(m));
    XLSX.utils.book_append_sheet(wb, ws, sheet.name);
  }
  wb.Workbook = { Sheets: sheets.map((sheet) => ({ name: sheet.name, Hidden: sheet.hidden ? 1 : 0 })) };
  return XLSX.write(wb, { type: 'buffer', bookType }) as Buffer;
}

/** A ZIP written by hand, so sizes can lie (the storage package's test writer). */
export function zipBuffer(parts: Array<{ name: string; data: Buffer; declaredSize?: number; method?: 0 | 8 }>): Buffer {
  return buildZip(parts.map((p) => ({ name: p.name, data: p.data, declaredSize: p.declaredSize, method: p.method === 0 ? 'store' : 'deflate' })));
}

const contentTypes = Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"></Types>');

/** Zip bombs named .xlsx: a huge declared size, an extreme ratio, or a size that lies. */
export const zipBombs = {
  declaredHuge: () =>
    zipBuffer([
      { name: '[Content_Types].xml', data: contentTypes },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(1000), declaredSize: 3_000_000_000 },
    ]),
  extremeRatio: () =>
    zipBuffer([
      { name: '[Content_Types].xml', data: contentTypes },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(20 * 1024 * 1024) },
    ]),
  lyingSize: () =>
    zipBuffer([
      { name: '[Content_Types].xml', data: contentTypes },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(20 * 1024 * 1024), declaredSize: 1000 },
    ]),
  manyEntries: () => zipBuffer(Array.from({ length: 10_001 }, (_, i) => ({ name: `f${i}.xml`, data: Buffer.from('x'), method: 0 as const }))),
};

/** A messy robot sheet: the headers integrators really send. */
export const messyHeader = ['Mfr.', 'Model No.', 'Max Payload (lbs)', 'Reach [in]', 'No. of axes'];
