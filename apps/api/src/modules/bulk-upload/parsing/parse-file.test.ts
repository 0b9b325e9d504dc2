import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors';
import { csvBuffer, csvText, encodeText, messyHeader, workbookBuffer, zipBombs, zipBuffer, type CsvEncoding } from '../test-fixtures';
import { detectDelimiter, parseUploadedFile, readUploadedFile } from './parse-file';
import { assertSafeZip, assertWorkbookFits, readZipDirectory, workbookXmlLimit } from './zip-guard';
import { defined, nth } from '../../../test/defined';

const rows: Array<Array<string | number>> = [
  ['Manufacturer', 'Model', 'Payload (kg)', 'Reach (mm)', 'Axes'],
  ['Stäubli', 'TX2-60', 9, 670, 6],
  ['FANUC', 'M-20iD/25', 25, 1831, 6],
];

async function rejects(promise: Promise<unknown>, message: RegExp): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).message).toMatch(message);
  return err as AppError;
}

describe('CSV', () => {
  it.each([
    [',', 'comma'],
    [';', 'semicolon'],
    ['\t', 'tab'],
  ])('reads %j (%s) delimited files', async (delimiter) => {
    const parsed = await parseUploadedFile('robots.csv', csvBuffer(rows, { delimiter }));
    expect(parsed.meta.delimiter).toBe(delimiter);
    expect(parsed.columns).toEqual(rows[0]);
    expect(parsed.rows).toEqual([
      ['Stäubli', 'TX2-60', '9', '670', '6'],
      ['FANUC', 'M-20iD/25', '25', '1831', '6'],
    ]);
  });

  it.each<[CsvEncoding, string]>([
    ['utf8', 'utf-8'],
    ['utf8-bom', 'utf-8'],
    ['utf16le', 'utf-16le'],
    ['utf16be', 'utf-16be'],
    ['windows-1252', 'windows-1252'],
  ])('decodes %s', async (encoding, expected) => {
    const parsed = await parseUploadedFile('robots.csv', csvBuffer(rows, { encoding }));
    expect(parsed.meta.encoding).toBe(expected);
    expect(parsed.columns[0]).toBe('Manufacturer'); // no BOM left on the first header
    expect(nth(parsed.rows, 0)[0]).toBe('Stäubli');
  });

  it('reads UTF-16LE without a BOM', async () => {
    const parsed = await parseUploadedFile('robots.csv', Buffer.from(csvText(rows), 'utf16le'));
    expect(parsed.meta.encoding).toBe('utf-16le');
    expect(nth(parsed.rows, 0)[0]).toBe('Stäubli');
  });

  it('keeps quoted fields with embedded newlines and delimiters, skips blank lines', async () => {
    const text = 'Brand,Model,Payload,Reach\r\n\r\n"ABB","IRB 1200\nfloor mount",5,900\r\n   \r\n"KUKA, Augsburg","KR 6 ""R900""",6,901\r\n\r\n';
    const parsed = await parseUploadedFile('robots.csv', Buffer.from(text));
    expect(parsed.rows).toEqual([
      ['ABB', 'IRB 1200\nfloor mount', '5', '900'],
      ['KUKA, Augsburg', 'KR 6 "R900"', '6', '901'],
    ]);
  });

  it('follows Excel\'s "sep=" first line', async () => {
    const parsed = await parseUploadedFile('robots.csv', Buffer.from('sep=|\r\nBrand|Model|Payload\r\nABB|IRB 1200|5,5\r\n'));
    expect(parsed.meta.delimiter).toBe('|');
    expect(parsed.rows).toEqual([['ABB', 'IRB 1200', '5,5']]);
    // Excel shows the "sep=" line as row 1: the robot is on row 3.
    expect(parsed.meta.sheetRows).toEqual([0, 3]);
  });

  it('lists every sheet of a workbook, reads the first visible one with data, and reads another on request', async () => {
    // A supplier's export: an empty cover sheet, a hidden lookup sheet, then two sheets of robots.
    const book = workbookBuffer(
      [
        { name: 'Cover', rows: [] },
        { name: 'Lookup', rows: [['Code', 'Meaning'], ['A', 'Active']], hidden: true },
        { name: 'Arms', rows: [['Brand', 'Model', 'Payload', 'Reach'], ['ABB', 'IRB 1200', 5, 900], ['KUKA', 'KR 6', 6, 900]] },
        { name: 'Cobots', rows: [['Made for cobots'], ['Brand', 'Model', 'Payload', 'Reach'], ['UR', 'UR10e', 12.5, 1300]] },
      ],
      'xlsx',
    );
    const first = await parseUploadedFile('robots.xlsx', book);
    expect(first.sheets).toEqual([
      { name: 'Cover', rows: 0, hidden: false },
      { name: 'Lookup', rows: 2, hidden: true },
      { name: 'Arms', rows: 3, hidden: false },
      { name: 'Cobots', rows: 3, hidden: false },
    ]);
    expect(first.meta.sheetName).toBe('Arms');
    expect(first.rows.map((r) => r[1])).toEqual(['IRB 1200', 'KR 6']);
    expect(first.warnings.join(' ')).toMatch(/3 sheets with data; "Arms" was read/);

    const cobots = await parseUploadedFile('robots.xlsx', book, { sheet: 'Cobots' });
    expect(cobots.meta.sheetName).toBe('Cobots');
    expect(cobots.rows).toEqual([['UR', 'UR10e', 12.5, 1300]]);
    expect(cobots.meta.sheetRows).toEqual([0, 3]);
    expect(cobots.firstRows?.map((r) => r.row)).toEqual([1, 2, 3]);

    await rejects(parseUploadedFile('robots.xlsx', book, { sheet: 'Prices' }), /no sheet named "Prices"; its sheets are "Cover", "Lookup", "Arms", "Cobots"/);
    await rejects(parseUploadedFile('robots.xlsx', book, { sheet: 'Cover' }), /The sheet "Cover" is empty/);
  });

  it('reads the headers from the row the user chose when the guess was wrong', async () => {
    // Two header-like rows: the guess takes the first ("Section" row); the user moves it to row 2.
    const text = 'Section,Arm data,Arm data,Arm data\nBrand,Model,Payload,Reach\nABB,IRB 1200,5,900\n';
    const guessed = await parseUploadedFile('robots.csv', Buffer.from(text));
    expect(guessed.firstRows).toEqual([
      { row: 1, cells: ['Section', 'Arm data', 'Arm data', 'Arm data'] },
      { row: 2, cells: ['Brand', 'Model', 'Payload', 'Reach'] },
      { row: 3, cells: ['ABB', 'IRB 1200', '5', '900'] },
    ]);
    const chosen = await parseUploadedFile('robots.csv', Buffer.from(text), { headerRow: 2 });
    expect(chosen.columns).toEqual(['Brand', 'Model', 'Payload', 'Reach']);
    expect(chosen.rows).toEqual([['ABB', 'IRB 1200', '5', '900']]);
    expect(chosen.meta.sheetRows).toEqual([0, 3]);
    expect(chosen.warnings).toContain('Headers read from row 2, as chosen.');
    // In a workbook too, counting the rows as the sheet does.
    const book = workbookBuffer([{ name: 'S', rows: [['Robots'], [], ['Brand', 'Model', 'Payload', 'Reach'], ['ABB', 'IRB 1200', 5, 900]] }], 'xlsx');
    expect((await parseUploadedFile('robots.xlsx', book, { headerRow: 3 })).columns).toEqual(['Brand', 'Model', 'Payload', 'Reach']);
    await rejects(parseUploadedFile('robots.xlsx', book, { headerRow: 2 }), /Row 2 of the sheet "S" is empty: choose the row that holds the column names/);
  });

  it('keeps the sheet row of every data row across blank lines and a units row, in CSV and XLSX', async () => {
    const csv = await parseUploadedFile('robots.csv', Buffer.from('Fleet\n\nBrand,Model,Payload\n,,kg\nABB,IRB 1200,5\n\n\nKUKA,KR 6,6\nFANUC,LR Mate,7\n'));
    expect(csv.rows.map((r) => r[0])).toEqual(['ABB', 'KUKA', 'FANUC']);
    // Title 1, blank 2, header 3, units 4, ABB 5, blanks 6-7, KUKA 8, FANUC 9.
    expect(csv.meta.sheetRows).toEqual([0, 5, 1, 8]);
    const xlsx = await parseUploadedFile('robots.xlsx', workbookBuffer([{ name: 'Robots', rows: [['Fleet'], [], ['Brand', 'Model', 'Payload'], ['ABB', 'IRB 1200', 5], [], ['KUKA', 'KR 6', 6]] }], 'xlsx'));
    expect(xlsx.meta.sheetRows).toEqual([0, 4, 1, 6]);
  });

  it('prefers ; over , when the numbers use decimal commas', () => {
    expect(detectDelimiter('Hersteller;Modell;Traglast\nABB;IRB 1200;5,5\nKUKA;KR 6;6\nFANUC;LR Mate;7,25\n')).toBe(';');
  });

  it('skips title rows above the header', async () => {
    const parsed = await parseUploadedFile('robots.csv', csvBuffer([['Robot inventory — ACME'], [''], ...rows]));
    expect(parsed.columns).toEqual(rows[0]);
    expect(parsed.meta.headerRow).toBe(3);
    expect(parsed.rows).toHaveLength(2);
  });

  it('refuses an empty file, a header without rows, binary data and an unclosed quote', async () => {
    await rejects(parseUploadedFile('robots.csv', Buffer.alloc(0)), /empty/);
    await rejects(parseUploadedFile('robots.csv', Buffer.from('\r\n  \r\n')), /empty/);
    await rejects(parseUploadedFile('robots.csv', Buffer.from('Brand,Model,Payload\r\n')), /header row .* but no data rows/);
    await rejects(parseUploadedFile('robots.csv', Buffer.from([0x41, 0x42, 0x00, 0x01, 0x02, 0xff, 0x00, 0x10])), /binary data/);
    await rejects(parseUploadedFile('robots.csv', workbookBuffer([{ name: 'S', rows: [['a']] }], 'xlsx')), /ZIP archive/);
    const noise = Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 256).map((b) => (b === 0 ? 1 : b)));
    await rejects(parseUploadedFile('robots.csv', noise), /binary data/);
    await rejects(parseUploadedFile('robots.csv', Buffer.from('Brand,Model\n"ABB,IRB\n')), /never closed/);
  });

  it('names rows with more cells than the header (an unquoted comma) and marks them for validation; a header merely lacking a name is not flagged', async () => {
    // A supplier's stock list: "ZR-9, 2nd gen" and "refurb, tested" were typed without quotes.
    const messy = Buffer.from(
      ['Hersteller,Modell,Traglast (kg),Reichweite (mm),Achsen', 'Zeta Robotics,ZR-12,12,1300,6', 'Zeta Robotics,ZR-9, 2nd gen,9,900,6', 'Zeta Robotics,ZR-20,20,1800,6', 'Zeta Robotics,ZR-7,7,900,6'].join('\r\n'),
    );
    const parsed = await parseUploadedFile('lager.csv', messy);
    expect(parsed.meta.spillFrom).toBe(5);
    expect(parsed.columns).toEqual(['Hersteller', 'Modell', 'Traglast (kg)', 'Reichweite (mm)', 'Achsen', 'Column 6']);
    expect(parsed.warnings.join(' ')).toMatch(/^Row 3 has 6 cells, more cells than the header has columns \(5\)\. A value probably holds the delimiter without quotes/);
    // Every row carrying a sixth value: the header lacks a name there, nothing is flagged.
    const unnamed = await parseUploadedFile('notes.csv', Buffer.from(['Brand,Model,Payload,Reach', 'ABB,IRB 1200,7,700,checked', 'ABB,IRB 1300,10,900,sold'].join('\n')));
    expect(unnamed.meta.spillFrom).toBeUndefined();
    expect(unnamed.columns).toEqual(['Brand', 'Model', 'Payload', 'Reach', 'Column 5']);
    expect(unnamed.warnings.join(' ')).not.toMatch(/more cells/);
  });

  it('refuses unknown extensions with 415 UNSUPPORTED_FILE_TYPE', async () => {
    const err = await rejects(parseUploadedFile('robots.pdf', Buffer.from('x')), /Unsupported file type: "\.pdf"/);
    expect(err.code).toBe('UNSUPPORTED_FILE_TYPE');
    expect((await rejects(parseUploadedFile('Roboterliste.txt', Buffer.from('Hersteller,Modell\n')), /Upload a \.csv, \.json, \.xlsx or \.xls file/)).code).toBe('UNSUPPORTED_FILE_TYPE');
    await rejects(parseUploadedFile('robots', Buffer.from('x')), /without an extension/);
  });
});

describe('JSON', () => {
  it('reads an array of objects and { data: [...] }', async () => {
    const list = [
      { manufacturer: 'ABB', model: 'IRB 1200', payload_kg: 5, extra: { a: 1 } },
      { manufacturer: 'KUKA', model: 'KR 6', reach_mm: 901 },
    ];
    for (const body of [list, { data: list }]) {
      const parsed = await parseUploadedFile('robots.json', Buffer.from(JSON.stringify(body)));
      expect(parsed.columns).toEqual(['manufacturer', 'model', 'payload_kg', 'extra', 'reach_mm']);
      expect(parsed.rows).toEqual([
        ['ABB', 'IRB 1200', 5, '{"a":1}', null],
        ['KUKA', 'KR 6', null, null, 901],
      ]);
    }
  });

  it('drops __proto__, constructor and prototype keys without touching any prototype', async () => {
    const text = '[{"manufacturer":"ABB","model":"X","__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"prototype":1,"nested":{"__proto__":{"polluted":"yes"}}}]';
    const parsed = await parseUploadedFile('robots.json', Buffer.from(text));
    expect(parsed.columns).toEqual(['manufacturer', 'model', 'nested']);
    expect(parsed.rows[0]).toEqual(['ABB', 'X', '{}']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('refuses other shapes clearly', async () => {
    await rejects(parseUploadedFile('robots.json', Buffer.from('{"robots": []}')), /array of robots/);
    await rejects(parseUploadedFile('robots.json', Buffer.from('"text"')), /array of robots/);
    await rejects(parseUploadedFile('robots.json', Buffer.from('[1, 2]')), /Row 1 of the JSON file is not an object/);
    await rejects(parseUploadedFile('robots.json', Buffer.from('[]')), /holds no robots/);
    await rejects(parseUploadedFile('robots.json', Buffer.from('[{"a": 1,}]')), /not valid JSON/);
  });
});

describe('an .xlsx stored while it is read', () => {
  it('hands the rows to storage in chunks of 1,000 while the sheet is read; a sheet passed over has its stored rows discarded', async () => {
    // A parts list first (no maker or model header: passed over), then the robots, 30,000 rows, with an empty unnamed column.
    const parts: Array<Array<string | number>> = [['Item', 'Finish', 'Stock']];
    for (let i = 0; i < 20_000; i += 1) parts.push([`P-${i}`, `Gripper finger, size ${i % 7}`, i % 50]);
    const note = 'Refurbished 2019, controller KR C4, teach pendant and cables included';
    const robots: Array<Array<string | number | null>> = [['Brand', 'Model', null, 'Payload (kg)', 'Notes']];
    for (let i = 0; i < 30_000; i += 1) robots.push(['KUKA', `KR Stream ${i}`, null, 5 + (i % 100), note]);
    const file = workbookBuffer([{ name: 'Parts', rows: parts }, { name: 'Robots', rows: robots }], 'xlsx');
    // The storage: chunk texts in file order, and what it held when each handover came.
    let stored: string[] = [];
    /** Chunks held by the storage after each handover of the robots' sheet. */
    const handovers: number[] = [];
    let discards = 0;
    const table = await readUploadedFile('robots.xlsx', file, {
      onRows: (chunks) => {
        stored.push(...chunks);
        if (discards) handovers.push(stored.length);
        return Promise.resolve();
      },
      discardRows: () => {
        discards += 1;
        stored = [];
        return Promise.resolve();
      },
    });
    expect(table.meta.sheetName).toBe('Robots');
    expect(table.columns).toEqual(['Brand', 'Model', 'Payload (kg)', 'Notes']);
    expect(table.rows.length).toBe(30_000);
    // The parts rows were stored while read, then thrown away when the robots' sheet was read.
    expect(discards).toBe(1);
    // About 1 MB per handover (3 MB of rows) while reading, each adding whole chunks; the table keeps only the rows not handed over.
    expect(handovers.length).toBeGreaterThanOrEqual(3);
    expect(nth(handovers, 0)).toBeLessThan(15);
    expect(handovers.at(-1)).toBe(30);
    expect(stored).toHaveLength(30);
    expect(table.rows.takeChunks()).toEqual([]);
    // The stored rows are as read (the empty column is cut when they are read back: keptColumns).
    expect(table.meta.keptColumns).toEqual([0, 1, 3, 4]);
    const rowsBack = stored.flatMap((c) => JSON.parse(`[${c}]`) as unknown[][]);
    expect(rowsBack).toHaveLength(30_000);
    expect(rowsBack[0]).toEqual(['KUKA', 'KR Stream 0', null, 5, note]);
    expect(rowsBack[29_999]).toEqual(['KUKA', 'KR Stream 29999', null, 5 + (29_999 % 100), note]);
  }, 120_000);

  it('a sheet passed over whose rows were stored is read again when no later sheet names robots', async () => {
    const items: Array<Array<string | number>> = [['Item', 'Weight (kg)']];
    for (let i = 0; i < 20_000; i += 1) items.push([`Cell ${i}`, 5 + (i % 90)]);
    const file = workbookBuffer([{ name: 'Cells', rows: items }, { name: 'Notes', rows: [['Note'], ['Exported by hand']] }], 'xlsx');
    let stored: string[] = [];
    const table = await readUploadedFile('robots.xlsx', file, {
      onRows: (chunks) => Promise.resolve(void stored.push(...chunks)),
      discardRows: () => Promise.resolve(void (stored = [])),
    });
    expect(table.meta.sheetName).toBe('Cells');
    expect(table.rows.length).toBe(20_000);
    const all = [...stored, ...table.rows.takeChunks()].flatMap((c) => JSON.parse(`[${c}]`) as unknown[][]);
    expect(all).toHaveLength(20_000);
    expect(all[0]).toEqual(['Cell 0', 5]);
    expect(all[19_999]).toEqual(['Cell 19999', 5 + (19_999 % 90)]);
  }, 120_000);
});

describe.each(['xlsx', 'biff8'] as const)('workbooks (%s)', (bookType) => {
  const name = bookType === 'xlsx' ? 'robots.xlsx' : 'robots.xls';
  const sheet = [
    ['ACME robot inventory'],
    [],
    ['Brand', 'Robot Model', 'Payload (lbs)', 'Reach (m)', 'DOF', 'Bought'],
    ['ABB', 'IRB 1200', 11, 0.9, 6, new Date(Date.UTC(2024, 2, 15))],
    ['KUKA', { formula: 'CONCATENATE("KR ","6")', cached: 'KR 6' }, { formula: '2*6', cached: 12 }, 0.901, 6, null],
    ['FANUC', { formula: 'A1&"x"' }, 20, 1.8, 6, null],
  ];

  it('finds the header under a title row, keeps cached formula values and reads dates as ISO', async () => {
    const parsed = await parseUploadedFile(name, workbookBuffer([{ name: 'Empty', rows: [] }, { name: 'Robots', rows: sheet }], bookType));
    expect(parsed.meta.sheetName).toBe('Robots');
    expect(parsed.meta.headerRow).toBe(3);
    expect(parsed.columns).toEqual(['Brand', 'Robot Model', 'Payload (lbs)', 'Reach (m)', 'DOF', 'Bought']);
    expect(parsed.rows[0]).toEqual(['ABB', 'IRB 1200', 11, 0.9, 6, '2024-03-15']);
    expect(parsed.rows[1]).toEqual(['KUKA', 'KR 6', 12, 0.901, 6, null]);
  });

  it('never evaluates a formula: without a cached value the formula text is the value', async () => {
    const parsed = await parseUploadedFile(name, workbookBuffer([{ name: 'Robots', rows: sheet }], bookType));
    const model = nth(parsed.rows, 2)[1];
    if (bookType === 'xlsx') expect(model).toBe('=A1&"x"');
    else expect(model === null || model === '=A1&"x"' || model === '').toBe(true); // BIFF8 always stores a cached result
    expect(model).not.toBe('ACME robot inventoryx');
  });

  it('names a header cell merged over two columns, the column it leaves unnamed and the sub-header row under it', async () => {
    const merged = [
      ['Hersteller', 'Modell', 'Traglast (kg)', 'Reichweite (mm)', null, 'Achsen'],
      [null, null, null, 'horizontal', 'vertikal', null],
      ['Zeta Robotics', 'ZR-12', 12, 1300, 2100, 6],
    ];
    const parsed = await parseUploadedFile(name, workbookBuffer([{ name: 'Roboter', rows: merged, merges: ['D1:E1'] }], bookType));
    const said = parsed.warnings.find((w) => /merged/.test(w));
    expect(said).toMatch(/^The header "Reichweite \(mm\)" \(row 1\) is one cell merged over columns D to E: only column D gets that name \(E is read as "Column 5"\)\./);
    expect(said).toMatch(/Row 2 under it \("horizontal", "vertikal"\) looks like sub-headers/);
    expect(said).toMatch(/e\.g\. "Reichweite \(mm\) horizontal", "Reichweite \(mm\) vertikal"/);
    // Group headers merged above the header row, and merges lower down in the data, are not header problems.
    const grouped = await parseUploadedFile(
      name,
      workbookBuffer([{ name: 'S', rows: [['Robot', null, 'Specs', null], ['Brand', 'Model', 'Payload', 'Reach'], ['ABB', 'IRB 1200', 7, 700], ['ABB', 'IRB 1300', 10, 900]], merges: ['A1:B1', 'C1:D1', 'A3:A4'] }], bookType),
    );
    expect(grouped.headerRow).toBe(2);
    expect(grouped.warnings.join(' ')).not.toMatch(/merged/);
  });

  it('refuses an empty workbook and a header-only sheet', async () => {
    await rejects(parseUploadedFile(name, workbookBuffer([{ name: 'S', rows: [] }], bookType)), /empty/);
    await rejects(parseUploadedFile(name, workbookBuffer([{ name: 'S', rows: [['Brand', 'Model']] }], bookType)), /no data rows/);
  });
});

describe('workbook content checks', () => {
  it('refuses a text file named .xlsx and a random file named .xls', async () => {
    await rejects(parseUploadedFile('robots.xlsx', Buffer.from('Brand,Model\nABB,IRB\n')), /not an Excel workbook/);
    await rejects(parseUploadedFile('robots.xls', Buffer.from([1, 2, 3, 4, 5])), /not an Excel workbook/);
  });

  it('reads an .xlsx workbook saved with the .xls name', async () => {
    const parsed = await parseUploadedFile('robots.xls', workbookBuffer([{ name: 'S', rows: [['Brand', 'Model'], ['ABB', 'IRB 1200']] }], 'xlsx'));
    expect(parsed.rows).toEqual([['ABB', 'IRB 1200']]);
  });
});

describe('zip guard', () => {
  it('lists a real workbook and lets it through', async () => {
    const buf = workbookBuffer([{ name: 'S', rows: [['Brand', 'Model'], ['ABB', 'IRB 1200']] }], 'xlsx');
    expect(readZipDirectory(buf).map((e) => e.name)).toContain('xl/workbook.xml');
    await expect(assertSafeZip(buf)).resolves.toBeUndefined();
  });

  it('refuses a huge declared size before inflating anything', async () => {
    await rejects(assertSafeZip(zipBombs.declaredHuge()), /expands to more than 200 MB/);
  });

  it('refuses an extreme compression ratio', async () => {
    await rejects(assertSafeZip(zipBombs.extremeRatio()), /compressed more than 100 times/);
  });

  it('refuses a part that expands beyond its declared size', async () => {
    await rejects(assertSafeZip(zipBombs.lyingSize()), /expands beyond the size it declares/);
  });

  it('refuses too many entries', async () => {
    await rejects(assertSafeZip(zipBombs.manyEntries()), /holds 10001 files/);
  });

  it('refuses a truncated archive', async () => {
    const buf = workbookBuffer([{ name: 'S', rows: [['a']] }], 'xlsx');
    await rejects(assertSafeZip(buf.subarray(0, buf.length - 30)), /not a valid Excel workbook/);
  });

  it('refuses a workbook larger than the heap budget lets SheetJS read, with a 400 rather than a crash', () => {
    const MB = 1024 * 1024;
    // The shipped budget (--max-old-space-size=384 gives a 432 MB heap limit): up to 92 MB of XML.
    expect(workbookXmlLimit(432 * MB)).toBe(92 * MB);
    expect(workbookXmlLimit(100 * MB)).toBe(16 * MB);
    const buf = zipBuffer([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(20 * MB, 0x41), method: 0 }]);
    expect(() => assertWorkbookFits(buf, 432 * MB)).not.toThrow();
    const err = (() => {
      try {
        assertWorkbookFits(buf, 128 * MB);
        return null;
      } catch (e) {
        return e as AppError;
      }
    })();
    expect(err).toBeInstanceOf(AppError);
    expect(defined(err).message).toBe(
      'This workbook is too large to read here: it expands to 20 MB of spreadsheet data, and this server reads workbooks of up to 16 MB. Save the sheet as CSV and upload that instead, or split the workbook.',
    );
  });

  it('stops a zip bomb named .xlsx at parse time', async () => {
    await rejects(parseUploadedFile('robots.xlsx', zipBombs.lyingSize()), /cannot be read safely/);
  });
});

describe('messy real-world CSV', () => {
  it('reads units and European numbers in a ; file from Excel (Windows-1252)', async () => {
    const text = csvText([['Roboterliste 2024'], messyHeader, ['Stäubli', 'TX2-60', '20', '26,4', '6']], ';');
    const parsed = await parseUploadedFile('liste.csv', encodeText(text, 'windows-1252'));
    expect(parsed.meta).toMatchObject({ delimiter: ';', encoding: 'windows-1252', decimalHint: 'comma', headerRow: 2 });
    expect(parsed.rows).toEqual([['Stäubli', 'TX2-60', '20', '26,4', '6']]);
  });
});

describe('large CSV, read as a stream (1 MB at a time)', () => {
  /** ~3 MB: every row has a quoted cell with a line break, a delimiter, a quote and multi-byte characters. */
  const bigRows = Array.from({ length: 40_000 }, (_, i) => [
    i % 5 === 0 ? 'Stäubli' : 'FANUC',
    `M-${i}`,
    `Cell ${i % 40}, line "B"\nchecked — ✓${' 🤖'.repeat(i % 3)}`,
    String(5 + (i % 100) / 4),
    String(900 + i),
  ]);
  const header = ['Brand', 'Model', 'Notes', 'Payload', 'Reach'];
  const text = csvText([['Fleet export — ACME'], header, ...bigRows]);

  it('gives the same rows as the whole text, whatever the chunk boundaries cut', async () => {
    const buf = Buffer.from(text, 'utf8');
    expect(buf.length).toBeGreaterThan(2.5 * 1024 * 1024);
    const parsed = await parseUploadedFile('fleet.csv', buf);
    expect(parsed.meta).toMatchObject({ encoding: 'utf-8', delimiter: ',', headerRow: 2 });
    expect(parsed.columns).toEqual(header);
    expect(parsed.rows).toHaveLength(bigRows.length);
    expect(parsed.rows).toEqual(bigRows);
  });

  it('reads a file on disk (multer\'s disk storage) like the same bytes in memory', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cf-csv-'));
    try {
      const file = path.join(dir, 'upload');
      writeFileSync(file, text);
      const fromDisk = await readUploadedFile('fleet.csv', { path: file });
      const inMemory = await readUploadedFile('fleet.csv', Buffer.from(text));
      expect(fromDisk.columns).toEqual(inMemory.columns);
      expect(fromDisk.preview).toEqual(inMemory.preview);
      expect(fromDisk.preview).toHaveLength(20);
      expect(fromDisk.meta).toEqual(inMemory.meta);
      expect(fromDisk.rows.toArray(5)).toEqual(bigRows);
      writeFileSync(path.join(dir, 'empty'), '');
      await rejects(readUploadedFile('empty.csv', { path: path.join(dir, 'empty') }), /empty \(0 bytes\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('falls back to Windows-1252 when the first byte that is not UTF-8 comes after the first megabyte', async () => {
    const ascii = csvText([header, ...Array.from({ length: 50_000 }, (_, i) => ['ABB', `IRB ${i}`, 'floor', '5', '900'])]);
    expect(ascii.length).toBeGreaterThan(1024 * 1024);
    const buf = Buffer.concat([Buffer.from(`${ascii}\r\n`), encodeText('Stäubli,TX2-60,ceiling,9,670\r\n', 'windows-1252')]);
    const parsed = await parseUploadedFile('robots.csv', buf);
    expect(parsed.meta.encoding).toBe('windows-1252');
    expect(parsed.warnings.join(' ')).toMatch(/Windows-1252/);
    expect(parsed.rows.at(-1)).toEqual(['Stäubli', 'TX2-60', 'ceiling', '9', '670']);
  });

  it('refuses binary data and broken quotes found deep in the file, naming the row', async () => {
    const lines = csvText([header, ...Array.from({ length: 30_000 }, (_, i) => ['ABB', `IRB ${i}`, 'floor', '5', '900'])]);
    await rejects(parseUploadedFile('robots.csv', Buffer.concat([Buffer.from(`${lines}\r\n`), Buffer.from([0x41, 0x00, 0x42])])), /binary data/);
    await rejects(parseUploadedFile('robots.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines}\r\n`), Buffer.from([0xff, 0xfe, 0x41])])), /binary data/);
    await rejects(parseUploadedFile('robots.csv', Buffer.from(`${lines}\r\n"ABB,IRB never closed,5,900\r\nKUKA,KR 6,6,901\r\n`)), /never closed near row 30002/);
  });
});
