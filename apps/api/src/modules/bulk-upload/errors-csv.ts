import Papa from 'papaparse';

/** A spreadsheet must not run a cell of the error report as a formula (CSV injection). */
export function safeCsvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a cell is a string, number, boolean or date here
  const s = String(value);
  return /^[=+\-@\t\r]/.test(s) && !/^[+-]?\d[\d.,]*$/.test(s) ? `'${s}` : s;
}

/** CSV lines (CRLF) of the given rows, every cell made safe. */
export function csvLines(rows: readonly unknown[][]): string {
  return Papa.unparse(rows.map((r) => r.map(safeCsvCell)), { newline: '\r\n' });
}

/** The whole report: a BOM so Excel reads UTF-8, then the lines. */
export function csvDocument(parts: readonly string[]): string {
  return `\uFEFF${parts.join('\r\n')}\r\n`;
}
