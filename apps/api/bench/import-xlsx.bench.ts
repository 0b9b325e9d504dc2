/**
 * Bulk-import memory benchmark for workbooks: a 200,000-row .xlsx as Excel writes it
 * (every text in the shared-strings table, a title row, messy headers, lb/in/m units)
 * through the real HTTP API on PostgreSQL: parse -> validate (upload_id). Target: peak
 * RSS of the API <= 350 MB with the shipped heap budget (API_MAX_OLD_SPACE_MB, default
 * 384, as scripts/start.mjs and the Dockerfile start it).
 *
 * The API runs in its own process as in bench/import.bench.ts (bench/api-process.ts):
 * peak RSS per step from the kernel (VmHWM), heap at the peak from a preloaded probe.
 *
 *   BENCH_DATABASE_URL=postgres://... pnpm --filter @cellforge/api bench:import-xlsx
 * (falls back to TEST_DATABASE_URL; the role needs CREATEDB). BENCH_ROWS overrides the row count.
 */
import { benchServerUrl, loadAverage, scratchDatabases } from './scratch-database';
import { randomBytes } from 'node:crypto';
import { openAsBlob, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { buildZip } from '@cellforge/storage/testing';
import { apiHeapFlags } from '../../../scripts/start.mjs';
import { bundleApi, removeBundle, startApi, type StepMemory } from './api-process';

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const TARGET_MB = 350;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const makers = ['ABB', 'FANUC', 'KUKA', 'Yaskawa', 'Stäubli', 'Universal Robots', 'Kawasaki', 'Epson', 'Denso', 'Nachi', 'Comau', 'Doosan'] as const;
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The workbook: shared strings for every text (as Excel saves), numbers as numbers, a date column styled as a date. */
function workbook(): Buffer {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const s = (text: string) => {
    let i = index.get(text);
    if (i === undefined) {
      i = strings.length;
      strings.push(text);
      index.set(text, i);
    }
    return i;
  };
  const col = (c: number) => String.fromCharCode(65 + c);
  const str = (r: number, c: number, text: string) => `<c r="${col(c)}${r}" t="s"><v>${s(text)}</v></c>`;
  const num = (r: number, c: number, n: number, style = 0) => `<c r="${col(c)}${r}"${style ? ` s="${style}"` : ''}><v>${n}</v></c>`;
  const rows: string[] = [`<row r="1">${str(1, 0, 'Robot fleet export — ACME Integration (confidential)')}</row>`];
  const header = ['Mfr.', 'Model No.', 'Max Payload', 'Reach (mm)', 'No. of axes', 'Price (USD)', 'Commissioned', 'Serial', 'Notes'];
  rows.push(`<row r="3">${header.map((h, c) => str(3, c, h)).join('')}</row>`);
  for (let i = 0; i < ROWS; i += 1) {
    const r = i + 4;
    const maker = makers[i % makers.length] ?? 'ABB';
    const payload = 3 + ((i * 37) % 400) / 2;
    const reach = 500 + ((i * 53) % 3000);
    const cells = [
      str(r, 0, maker),
      str(r, 1, `${maker.slice(0, 3).toUpperCase()} ${1000 + (i % 9000)}-${Math.floor(i / 9000)}/${(i * 7) % 97}`),
      i % 10 === 3 ? str(r, 2, `${(payload / 0.45359237).toFixed(1)} lb`) : num(r, 2, payload),
      i % 10 === 7 ? str(r, 3, `${(reach / 25.4).toFixed(2)} in`) : num(r, 3, reach),
      num(r, 4, i % 11 === 0 ? 4 : 6),
      num(r, 5, 20_000 + (i % 50) * 1000),
      num(r, 6, 44_927 + (i % 700), 1),
      str(r, 7, `SN-${(i * 7919) % 1_000_000}`),
      str(r, 8, i % 3 === 0 ? 'Cell 4, line B; spare arm, checked by maintenance' : `in service since ${2015 + (i % 9)}, line ${i % 40}`),
    ];
    rows.push(`<row r="${r}">${cells.join('')}</row>`);
  }
  const sheet = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}"><dimension ref="A1:I${ROWS + 3}"/><sheetData>${rows.join('')}</sheetData></worksheet>`;
  rows.length = 0;
  const sst = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((t) => `<si><t>${xmlText(t)}</t></si>`).join('')}</sst>`;
  const part = (name: string, xml: string) => ({ name, data: Buffer.from(xml.startsWith('<?xml') ? xml : `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${xml}`) });
  return buildZip([
    part('[Content_Types].xml', '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    part('_rels/.rels', `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    part('xl/workbook.xml', `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Fleet" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    part(
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ),
    part('xl/styles.xml', `<styleSheet xmlns="${MAIN}"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>`),
    part('xl/sharedStrings.xml', sst),
    part('xl/worksheets/sheet1.xml', sheet),
  ].map((p) => ({ name: p.name, data: p.data, method: 'deflate' as const })));
}

function memoryLine(m: StepMemory): string {
  const p = m.atPeak;
  return `peak RSS ${mb(m.peakRss)}${m.exact ? '' : ' (sampled)'}; at the peak heap ${mb(p.heapUsed)} of ${mb(p.heapTotal)}, external ${mb(p.external)} (arrayBuffers ${mb(p.arrayBuffers)})`;
}

const file = path.join(tmpdir(), `cf_bench_${randomBytes(4).toString('hex')}.xlsx`);
const scratch = await scratchDatabases(benchServerUrl());
const loadAtStart = loadAverage();
try {
  writeFileSync(file, workbook());
  const flags = apiHeapFlags(process.env) as string[];
  console.log(`Bulk import (XLSX) memory benchmark: ${ROWS.toLocaleString('en-US')} rows, .xlsx ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB, ${cpus().length} cores, load ${loadAtStart}`);
  const bundle = await bundleApi();
  const { name, url } = await scratch.create();
  const api = await startApi(bundle, url, flags);
  console.log(`API: node ${flags.join(' ') || '(no heap flag)'} -> V8 heap limit ${mb(api.heapLimit)}; idle RSS ${mb(api.idleRss)}`);
  try {
    const reg = await fetch(`${api.base}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-1', first_name: 'Bench', last_name: 'Mark', user_type: 'integrator' }),
    });
    const { token } = (await reg.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const call = async (route: string, init: RequestInit) => {
      const res = await fetch(`${api.base}${route}`, init);
      const body = (await res.json()) as Record<string, unknown>;
      if (!res.ok) throw new Error(`${route} -> ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      return body;
    };
    const steps: Array<{ label: string; ms: number; memory: StepMemory }> = [];
    const step = async <T>(label: string, fn: () => Promise<T>): Promise<T> => {
      await api.startStep();
      const t = performance.now();
      const value = await fn();
      const ms = performance.now() - t;
      const memory = await api.endStep();
      steps.push({ label, ms, memory });
      console.log(`  ${label.padEnd(30)} ${sec(ms).padStart(8)}   ${memoryLine(memory)}`);
      return value;
    };
    const parsed = (await step('POST /parse (upload the .xlsx)', async () => {
      const form = new FormData();
      form.append('file', await openAsBlob(file, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), 'fleet.xlsx');
      return call('/api/integrator/bulk-upload/parse', { method: 'POST', headers: auth, body: form });
    })) as { upload_id: string; suggested_mappings: object; row_count: number };
    const body = JSON.stringify({ upload_id: parsed.upload_id, mappings: parsed.suggested_mappings });
    const validated = (await step('POST /validate (upload_id)', () => call('/api/integrator/bulk-upload/validate', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body }))) as {
      valid_count: number;
      warning_count: number;
      error_count: number;
    };
    const peak = Math.max(...steps.map((s) => s.memory.peakRss));
    console.log(`  rows ${parsed.row_count}; valid ${validated.valid_count}, with warnings ${validated.warning_count}, errors ${validated.error_count}`);
    console.log(`  parse + validate ${sec(steps.reduce((n, s) => n + s.ms, 0))}; peak RSS ${mb(peak)} (target <= ${TARGET_MB} MB: ${peak <= TARGET_MB * 1024 * 1024 ? 'met' : 'NOT met'}); load ${loadAverage()}`);
    if (parsed.row_count !== ROWS) throw new Error(`expected ${ROWS} rows, the API read ${parsed.row_count}`);
  } finally {
    await api.stop();
    await scratch.drop(name);
  }
} finally {
  rmSync(file, { force: true });
  removeBundle();
  await scratch.dropAll();
}
