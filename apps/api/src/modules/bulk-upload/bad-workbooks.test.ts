import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import { bulkParseResponseSchema, errorBodySchema } from '@cellforge/contracts';
import { bulkUploads } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { workbookBuffer, zipBombs, zipBuffer } from './test-fixtures';
import { nth } from '../../test/defined';

const BASE = '/api/supplier/bulk-upload';

interface CfbApi {
  utils: { cfb_new: () => unknown; cfb_add: (cfb: unknown, name: string, content: Buffer) => void };
  write: (cfb: unknown, options: { type: 'buffer' }) => Buffer;
}

/**
 * A workbook saved with a password as Excel writes it: not a ZIP but an OLE compound file
 * holding "EncryptionInfo" and "EncryptedPackage" (the encrypted .xlsx inside). The
 * streams are written with SheetJS's own CFB writer; their contents are random here, as
 * they are to anyone without the password.
 */
function passwordProtectedXlsx(): Buffer {
  const CFB = (XLSX as unknown as { CFB: CfbApi }).CFB;
  const cfb = CFB.utils.cfb_new();
  const info = Buffer.alloc(512);
  info.writeUInt16LE(4, 0); // agile encryption, version 4.4
  info.writeUInt16LE(4, 2);
  info.writeUInt32LE(0x40, 4);
  Buffer.from('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><encryption xmlns="http://schemas.microsoft.com/office/2006/encryption"/>').copy(info, 8);
  CFB.utils.cfb_add(cfb, '/EncryptionInfo', info);
  CFB.utils.cfb_add(cfb, '/EncryptedPackage', Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919) % 251)));
  return CFB.write(cfb, { type: 'buffer' });
}

/**
 * A sheet that reaches Excel's last row (1,048,576) as a stray keystroke at the bottom
 * leaves it: a header, one robot, and one value in the last row. The parts are the ones
 * Excel writes (content types, relationships, workbook, sheet), zipped.
 */
function millionRowSheet(): Buffer {
  const part = (name: string, xml: string) => ({ name, data: Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${xml}`) });
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  return zipBuffer([
    part('[Content_Types].xml', '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>'),
    part('_rels/.rels', `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    part('xl/workbook.xml', `<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="Robots" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    part('xl/_rels/workbook.xml.rels', `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`),
    part(
      'xl/worksheets/sheet1.xml',
      `<worksheet xmlns="${main}"><dimension ref="A1:E1048576"/><sheetData><row r="1">${cell('A1', 'Maker')}${cell('B1', 'Model')}</row><row r="2">${cell('A2', 'ABB')}${cell('B2', 'IRB 120')}</row><row r="1048576">${cell('A1048576', 'x')}</row></sheetData></worksheet>`,
    ),
  ]);
}

describe.each(testBackends)('bad workbooks are refused with their own code, before any work, on %s', (backend) => {
  const ctx = useTestApp(backend);
  const uploads = async () => Number(nth(await ctx().handle.db.select({ n: sql<number>`count(*)` }).from(bulkUploads), 0).n);

  const cases: Array<{ what: string; file: () => Buffer; name: string; code: string; message: RegExp }> = [
    { what: 'a password-protected workbook', file: passwordProtectedXlsx, name: 'prices-2026.xlsx', code: 'WORKBOOK_ENCRYPTED', message: /protected with a password.*remove the password/ },
    { what: 'a password-protected workbook named .xls', file: passwordProtectedXlsx, name: 'prices-2026.xls', code: 'WORKBOOK_ENCRYPTED', message: /protected with a password/ },
    { what: 'a CSV renamed to .xlsx', file: () => Buffer.from('Brand,Model,Payload\nABB,IRB 120,3\n'), name: 'robots.xlsx', code: 'WORKBOOK_UNREADABLE', message: /named \.xlsx but is not an Excel workbook \(it looks like a CSV file: rename it to \.csv\)/ },
    { what: 'a PDF renamed to .xlsx', file: () => Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'), name: 'datasheet.xlsx', code: 'WORKBOOK_UNREADABLE', message: /not an Excel workbook \(it is a PDF\)/ },
    { what: 'a zip bomb declaring 3 GB', file: zipBombs.declaredHuge, name: 'bomb.xlsx', code: 'WORKBOOK_UNSAFE', message: /cannot be read safely: it expands to more than 200 MB/ },
    { what: 'a zip bomb of ratio 20,000', file: zipBombs.extremeRatio, name: 'ratio.xlsx', code: 'WORKBOOK_UNSAFE', message: /compressed more than 100 times/ },
    { what: 'a zip whose sizes lie', file: zipBombs.lyingSize, name: 'liar.xlsx', code: 'WORKBOOK_UNSAFE', message: /expands beyond the size it declares/ },
    { what: 'a sheet of 1,048,576 rows', file: millionRowSheet, name: 'everything.xlsx', code: 'FILE_TOO_MANY_ROWS', message: /1,048,576 rows; an import takes at most 250,000 data rows/ },
  ];

  for (const c of cases) {
    it(`refuses ${c.what} with ${c.code}`, async () => {
      const { token } = await registerUser(ctx().app, { user_type: 'supplier' });
      const res = await request(ctx().app).post(`${BASE}/parse`).set(bearer(token)).attach('file', c.file(), c.name);
      expect(res.status).toBe(400);
      const body = errorBodySchema.parse(res.body);
      expect(body.code).toBe(c.code);
      expect(body.message).toMatch(c.message);
      expect(body.error).toBe(body.message);
      expect(await uploads()).toBe(0);
    });
  }

  it('a workbook whose first sheet is empty or notes only is read from the sheet with robots, and offers the sheets', async () => {
    const { token } = await registerUser(ctx().app, { user_type: 'supplier' });
    for (const first of [[], [['Exported from the plant register 2026-11'], ['Prices exclude VAT']]]) {
      const file = workbookBuffer(
        [
          { name: 'Read me', rows: first },
          { name: 'Robots', rows: [['Maker', 'Model', 'Payload (kg)', 'Reach (mm)'], ['Sheettest', 'S-1', 5, 900], ['Sheettest', 'S-2', 7, 1100]] },
        ],
        'xlsx',
      );
      const res = await request(ctx().app).post(`${BASE}/parse`).set(bearer(token)).attach('file', file, 'fleet.xlsx').expect(200);
      const parsed = bulkParseResponseSchema.parse(res.body);
      expect(parsed).toMatchObject({ sheet_name: 'Robots', row_count: 2, detected_columns: ['Maker', 'Model', 'Payload (kg)', 'Reach (mm)'] });
      expect(parsed.sheets?.map((s) => s.name)).toEqual(['Read me', 'Robots']);
      expect(parsed.warnings?.[0]).toBe('Read the sheet "Robots"; the sheet before it holds no robot rows (empty, hidden or notes only).');
    }
  });
});
