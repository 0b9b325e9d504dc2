import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { AppError } from '../../../lib/errors';
import { zipBuffer } from '../test-fixtures';
import { parseUploadedFile } from './parse-file';
import { isDateFormat, openXlsx, serialDate } from './read-xlsx-stream';
import type { Cell } from './table';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const part = (name: string, xml: string) => ({ name, data: Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${xml}`) });

/**
 * A supplier's export as Excel writes it (shared strings with rich text and phonetic
 * guides, styles with date formats, a merged header, shared formulas with cached values,
 * a very hidden sheet, a value in the last column XFD): built part by part.
 */
function messyWorkbook(): Buffer {
  const sst = [
    'Robot list 2026', // 0
    'Maker', // 1
    'Model', // 2
    'Reach', // 3 (merged over two columns)
    'Payload (kg)', // 4
    'Delivered', // 5
    'ABB', // 6
    'IRB 1200', // 7
    'stray', // 8
  ];
  const si = sst.map((t) => `<si><t xml:space="preserve">${t}</t></si>`);
  // A rich-text model name with a phonetic guide (Japanese exports carry them): only the runs count.
  si.push('<si><r><rPr><b/></rPr><t>KR </t></r><r><t>6 R700</t></r><rPh sb="0" eb="2"><t>ケーアール</t></rPh></si>'); // 9
  si.push('<si><t>Line_x000D_break &amp; more</t></si>'); // 10
  const s = (ref: string, i: number) => `<c r="${ref}" t="s"><v>${i}</v></c>`;
  const sheet1 = `<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><dimension ref="A1:XFD6"/><sheetData>
<row r="1">${s('A1', 0)}</row>
<row r="3">${s('A3', 1)}${s('B3', 2)}${s('C3', 3)}<c r="D3" s="0"/>${s('E3', 4)}${s('F3', 5)}</row>
<row r="4">${s('A4', 6)}${s('B4', 7)}<c r="C4"><v>900</v></c><c r="D4"><v>0.9</v></c><c r="E4" s="2"><v>5</v></c><c r="F4" s="1"><v>45366</v></c></row>
<row r="5">${s('A5', 6)}${s('B5', 9)}<c r="C5"><f t="shared" ref="C5:C6" si="0">D5*1000</f><v>701</v></c><c r="D5"><v>0.701</v></c><c r="E5"><f>2*3</f><v>6</v></c><c r="F5" s="3"><v>45366.5</v></c></row>
<row r="6">${s('A6', 6)}<c r="B6" t="inlineStr"><is><t>IRB 2600</t></is></c><c r="C6"><f t="shared" si="0"/><v>1650</v></c><c r="D6" t="e"><v>#DIV/0!</v></c><c r="E6" t="str"><f>A6&amp;"x"</f></c><c r="F6" t="b"><v>1</v></c>${s('XFD6', 8)}</row>
<row r="8">${s('A8', 10)}</row>
</sheetData><mergeCells count="1"><mergeCell ref="C3:D3"/></mergeCells></worksheet>`;
  const sheet2 = `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>secret</t></is></c></row></sheetData></worksheet>`;
  const styles = `<styleSheet xmlns="${MAIN}"><numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="0.0&quot; kg&quot;"/></numFmts>
<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="22"/></cellXfs></styleSheet>`;
  return zipBuffer([
    part('[Content_Types].xml', '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    part('_rels/.rels', `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    part(
      'xl/workbook.xml',
      `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><workbookPr/><sheets><sheet name="Robots" sheetId="1" r:id="rId1"/><sheet name="Codes" sheetId="2" state="veryHidden" r:id="rId2"/></sheets></workbook>`,
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/worksheet" Target="/xl/worksheets/sheet2.xml"/><Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId4" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ),
    part('xl/sharedStrings.xml', `<sst xmlns="${MAIN}" count="${si.length}" uniqueCount="${si.length}">${si.join('')}</sst>`),
    part('xl/styles.xml', styles),
    part('xl/worksheets/sheet1.xml', sheet1),
    part('xl/worksheets/sheet2.xml', sheet2),
  ]);
}

async function allRows(buf: Buffer, sheetIndex = 0, maxColumns = 500): Promise<Array<{ row: number; cells: Cell[]; filled: boolean; wider: boolean }>> {
  const book = await openXlsx(buf);
  const out: Array<{ row: number; cells: Cell[]; filled: boolean; wider: boolean }> = [];
  const sheet = book.sheets[sheetIndex];
  if (!sheet) throw new Error('no sheet');
  await book.readRows(sheet, { maxColumns, maxRows: 1_000_000 }, (row, cells, filled, wider) => out.push({ row, cells, filled, wider }));
  return out;
}

describe('streaming .xlsx reader on a messy workbook as Excel writes it', () => {
  it('lists the sheets with their hidden state and reads rows with their sheet row numbers', async () => {
    const book = await openXlsx(messyWorkbook());
    expect(book.sheets.map((s) => ({ name: s.name, hidden: s.hidden, part: s.entry?.name }))).toEqual([
      { name: 'Robots', hidden: false, part: 'xl/worksheets/sheet1.xml' },
      { name: 'Codes', hidden: true, part: 'xl/worksheets/sheet2.xml' },
    ]);
    const rows = await allRows(messyWorkbook());
    expect(rows.map((r) => r.row)).toEqual([1, 3, 4, 5, 6, 8]);
  });

  it('reads shared, rich-text and inline strings, cached formula values, dates, errors and booleans', async () => {
    const rows = await allRows(messyWorkbook());
    const byRow = new Map(rows.map((r) => [r.row, r.cells]));
    // The merged header keeps its text in the first cell only (as Excel stores it).
    expect(byRow.get(3)).toEqual(['Maker', 'Model', 'Reach', null, 'Payload (kg)', 'Delivered']);
    // 45366 shown as dd/mm/yyyy is 2024-03-15; "0.0 kg" is a number format, not a date.
    expect(byRow.get(4)).toEqual(['ABB', 'IRB 1200', 900, 0.9, 5, '2024-03-15']);
    // Phonetic guides left out; the shared formula's cached value; a date with a time of day (format 22).
    expect(byRow.get(5)).toEqual(['ABB', 'KR 6 R700', 701, 0.701, 6, '2024-03-15T12:00:00.000Z']);
    // An inline string, a follower of a shared formula (cached), an error, a formula without a cached value, a boolean.
    expect(byRow.get(6)).toEqual(['ABB', 'IRB 2600', 1650, '#DIV/0!', '=A6&"x"', true]);
    expect(byRow.get(8)).toEqual(['Line\rbreak & more']);
  });

  it('keeps the first columns of a row reaching column XFD (16,384) and says a value lies beyond', async () => {
    const rows = await allRows(messyWorkbook());
    const last = rows.find((r) => r.row === 6);
    expect(last?.cells).toHaveLength(6);
    expect(last?.wider).toBe(true);
    expect(rows.find((r) => r.row === 4)?.wider).toBe(false);
    const parsed = await parseUploadedFile('robots.xlsx', messyWorkbook());
    expect(parsed.warnings).toContain('Only the first 500 columns were read.');
  });

  it('goes through the whole upload reading: header under the title, every sheet counted, hidden one listed', async () => {
    const parsed = await parseUploadedFile('robots.xlsx', messyWorkbook());
    expect(parsed.meta).toMatchObject({ format: 'xlsx', sheetName: 'Robots', headerRow: 3 });
    expect(parsed.columns.slice(0, 3)).toEqual(['Maker', 'Model', 'Reach']);
    expect(parsed.rows[0]?.slice(0, 2)).toEqual(['ABB', 'IRB 1200']);
    expect(parsed.sheets).toEqual([
      { name: 'Robots', rows: 6, hidden: false },
      { name: 'Codes', rows: 1, hidden: true },
    ]);
    expect(parsed.meta.sheetRows?.length).toBeGreaterThan(0);
  });

  it('refuses broken XML in a sheet with WORKBOOK_UNREADABLE, naming the part', async () => {
    const good = messyWorkbook();
    const book = await openXlsx(good);
    expect(book.sheets).toHaveLength(2);
    const broken = zipBuffer([
      part('_rels/.rels', `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
      part('xl/workbook.xml', `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`),
      part('xl/_rels/workbook.xml.rels', `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`),
      part('xl/worksheets/sheet1.xml', `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Maker</t></is></c></row><row r="2"><c r="A2"`),
    ]);
    const err = await parseUploadedFile('robots.xlsx', broken).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('WORKBOOK_UNREADABLE');
    expect((err as AppError).message).toMatch(/xl\/worksheets\/sheet1\.xml/);
    const noWorkbook = zipBuffer([part('[Content_Types].xml', '<Types/>')]);
    await expect(parseUploadedFile('robots.xlsx', noWorkbook)).rejects.toThrow(/no workbook part/);
  });

  it('tells date formats from number formats, and turns serials into dates in both date systems', () => {
    for (const code of ['dd/mm/yyyy', 'yyyy-mm-dd hh:mm', '[h]:mm:ss', 'mmm d', '[$-409]d-mmm-yy', '[Red]dd.mm.yyyy']) expect(isDateFormat(code), code).toBe(true);
    for (const code of ['0.00', '#,##0', '0.0" kg"', '"mm" 0', 'General', '[Red]0.00', '0.00E+00', '@']) expect(isDateFormat(code), code).toBe(false);
    expect(serialDate(45366, false).toISOString()).toBe('2024-03-15T00:00:00.000Z');
    expect(serialDate(1, false).toISOString()).toBe('1900-01-01T00:00:00.000Z');
    expect(serialDate(61, false).toISOString()).toBe('1900-03-01T00:00:00.000Z');
    expect(serialDate(43904, true).toISOString()).toBe('2024-03-15T00:00:00.000Z');
  });
});

describe('streaming .xlsx reader on a large workbook', () => {
  it('gives the same rows as SheetJS reading it whole (25,000 rows, shared strings)', async () => {
    const makers = ['ABB', 'FANUC', 'KUKA', 'Yaskawa', 'Stäubli', 'Universal Robots'];
    const aoa: Array<Array<string | number | boolean>> = [['Maker', 'Model', 'Payload (kg)', 'Reach (mm)', 'Axes', 'Price', 'Cleanroom', 'Notes']];
    for (let i = 0; i < 25_000; i += 1) {
      aoa.push([makers[i % makers.length] ?? 'ABB', `M-${i}`, (i % 500) / 2 + 0.5, 400 + (i % 3000), 4 + (i % 4), 10_000 + i * 3.25, i % 7 === 0, i % 11 === 0 ? `note <${i}> & "quoted"` : '']);
    }
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'Fleet');
    const buf = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', bookSST: true, compression: true }) as Buffer;

    const streamed = await allRows(buf);
    const whole = XLSX.utils.sheet_to_json<Cell[]>(XLSX.read(buf, { type: 'buffer' }).Sheets.Fleet as XLSX.WorkSheet, { header: 1, defval: null, blankrows: true, raw: true });
    expect(streamed).toHaveLength(aoa.length);
    for (let i = 0; i < aoa.length; i += 1) {
      const got = (streamed[i]?.cells ?? []).map((v) => (v === '' ? null : v));
      const want = (whole[i] ?? []).map((v) => (v === '' ? null : v));
      while (want.length > got.length && want[want.length - 1] === null) want.pop();
      if (JSON.stringify(got) !== JSON.stringify(want)) expect({ row: i + 1, got }).toEqual({ row: i + 1, got: want });
    }
    expect(streamed[1]?.cells).toEqual(['ABB', 'M-0', 0.5, 400, 4, 10_000, true, 'note <0> & "quoted"']);

    const parsed = await parseUploadedFile('fleet.xlsx', buf);
    expect(parsed.rows).toHaveLength(25_000);
    expect(parsed.sheets).toEqual([{ name: 'Fleet', rows: 25_001, hidden: false }]);
  }, 120_000);
});
