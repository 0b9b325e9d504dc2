import type { BulkValidateResponse } from '@cellforge/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { errorResponse, jsonResponse } from '@/test/fetch';
import { routes } from '@/app/router';
import { buildRobot, callsTo, INTEGRATOR, stubApi, SUPPLIER, type ApiRoutes } from '@/test/marketplace';
import { renderRoutes, toastTexts } from '@/test/render';
import { CATALOG_STATS, catalogAnswer, OWN_ROBOT } from '@/test/integrator-fixtures';
import { renderDashboard } from '@/test/render-dashboard';
import { stubXhr, type FakeXhr } from '@/test/fake-xhr';
import { defined, nth } from '@/test/defined';

const PARSED = {
  upload_id: 'up-1',
  file_name: 'robots.xlsx',
  row_count: 17,
  detected_columns: ['Brand', 'Model #', 'Max Payload (lbs)', 'Reach (in)', 'Axes', 'Notes'],
  suggested_mappings: { Brand: 'manufacturer', 'Model #': 'model', 'Max Payload (lbs)': 'payload_kg', 'Reach (in)': 'reach_mm', Axes: 'dof', Notes: null },
  preview_rows: [{ Brand: 'FANUC', 'Model #': 'M-20iD/25', 'Max Payload (lbs)': 55, 'Reach (in)': 72, Axes: 6, Notes: '' }],
  detected_units: { 'Max Payload (lbs)': 'lb', 'Reach (in)': 'in' },
  header_row: 2,
  sheet_name: 'Robots',
  warnings: ['Skipped 1 title row above the headers.'],
};

function validation(overrides: Partial<BulkValidateResponse> = {}): BulkValidateResponse {
  return {
    valid_count: 12,
    warning_count: 12,
    error_count: 5,
    warning_groups: [
      { kind: 'payload converted from lb to kg', rows: 12, first_rows: [3, 4, 5, 6, 7], text: '12 rows: payload converted from lb to kg' },
      { kind: 'axes (dof) not given: 6 assumed', rows: 1, first_rows: [9], text: '1 row: axes (dof) not given: 6 assumed' },
    ],
    results: {
      valid: [
        {
          row: 1,
          sheet_row: 3,
          manufacturer: 'FANUC',
          model: 'M-20iD/25',
          payload_kg: 24.9,
          reach_mm: 1829,
          dof: 6,
          warnings: ['Row 3: payload 55 lb converted to 24.9 kg'],
          cells: { Brand: 'FANUC', 'Model #': 'M-20iD/25', 'Max Payload (lbs)': 55, 'Reach (in)': 72, Axes: 6, Notes: '' },
          cell_warnings: [{ column: 'Max Payload (lbs)', message: 'Row 3: payload 55 lb converted to 24.9 kg' }],
          edited: [],
        },
      ],
      errors: [1, 2, 3, 4, 5].map((n) => ({
        row_index: n + 12,
        sheet_row: n + 14,
        errors: [`Error in row ${n + 14}`],
        cells: { Brand: 'ABB', 'Model #': `IRB ${n}`, 'Max Payload (lbs)': 'heavy', 'Reach (in)': 40, Axes: 6, Notes: '' },
        cell_errors: [{ column: 'Max Payload (lbs)', message: `Error in row ${n + 14}` }],
        edited: [],
      })),
    },
    errors_csv_url: '/api/integrator/bulk-upload/up-1/errors.csv',
    ...overrides,
  };
}

function stubCatalog(extra: ApiRoutes = {}) {
  return stubApi(
    {
      'GET /api/integrator/catalog/robots': () => jsonResponse(catalogAnswer([OWN_ROBOT])),
      'GET /api/integrator/catalog/stats': () => jsonResponse(CATALOG_STATS),
      'POST /api/integrator/bulk-upload/validate': () => jsonResponse(validation()),
      'POST /api/integrator/bulk-upload/import': () => jsonResponse({ inserted: 12, updated: 3, unchanged: 0, skipped: 5, import_id: 'up-1' }),
      ...extra,
    },
    { user: INTEGRATOR },
  );
}

const answerParse = (status = 200, body: unknown = PARSED) => (xhr: FakeXhr) =>
  setTimeout(() => {
    xhr.progress(50, 100);
    setTimeout(() => xhr.respond(status, body), 20);
  }, 20);

async function openWizard() {
  const user = userEvent.setup();
  renderDashboard();
  await screen.findByRole('article', { name: 'CellForge Robotics CF-10 Arm' }, { timeout: 5000 });
  await user.click(screen.getByRole('button', { name: 'Bulk Upload' }));
  const dialog = screen.getByRole('dialog', { name: 'Bulk Upload' });
  return { user, dialog };
}

/** jsdom has no object URLs and would navigate on a link click: both are stubbed; the click spy is returned. */
function stubBlobDownloads() {
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
  onTestFinished(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });
  return vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
}

const xlsx = () => new File(['fake'], 'robots.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

function currentStep(dialog: HTMLElement) {
  return within(dialog).getByRole('list', { name: 'Steps' }).querySelector('[aria-current="step"]')?.textContent;
}

describe('Bulk upload wizard', { timeout: 20_000 }, () => {
  it("a supplier's sheet: environment fields mapped, the saved mapping in use, save and delete, and the template download", async () => {
    const SAVED = {
      id: 'map-1', name: 'Acme export', header_signature: 'x', columns: ['Brand', 'Model #', 'Max Payload (lbs)', 'Reach (in)', 'Schutzart', 'Food grade (Y/N)'],
      mappings: { Brand: 'manufacturer', 'Model #': 'model', 'Max Payload (lbs)': 'payload_kg', 'Reach (in)': 'reach_mm', Schutzart: 'ip_rating', 'Food grade (Y/N)': 'food_grade' },
      created_at: '2026-11-26T10:00:00.000Z', last_used_at: '2026-11-26T11:00:00.000Z',
    };
    let list: Array<Omit<typeof SAVED, 'last_used_at'> & { last_used_at: string | null }> = [SAVED];
    const fetchMock = stubCatalog({
      'GET /api/integrator/bulk-upload/mappings': () => jsonResponse({ mappings: list }),
      'POST /api/integrator/bulk-upload/mappings': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { name: string };
        const saved = { ...SAVED, id: 'map-2', name: body.name, last_used_at: null };
        list = [saved, ...list];
        return jsonResponse(saved, { status: 201 });
      },
      'DELETE /api/integrator/bulk-upload/mappings/:id': () => {
        list = list.filter((m) => m.id !== 'map-1');
        return new Response(null, { status: 204 });
      },
      'GET /api/integrator/bulk-upload/template.csv': () => new Response('Manufacturer,Model', { status: 200, headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="cellforge-robots-template.csv"' } }),
    });
    const clicks = stubBlobDownloads();
    const parsed = {
      ...PARSED,
      detected_columns: [...SAVED.columns],
      suggested_mappings: SAVED.mappings,
      preview_rows: [{ Brand: 'Acme', 'Model #': 'AR-700', 'Max Payload (lbs)': 15, 'Reach (in)': 28, Schutzart: 'IP 67', 'Food grade (Y/N)': 'Y' }],
      saved_mapping: { id: 'map-1', name: 'Acme export' },
    };
    stubXhr(answerParse(200, parsed));
    const { user, dialog } = await openWizard();

    // The upload step links the template.
    await user.click(within(dialog).getByRole('button', { name: 'Download the template as CSV' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/integrator/bulk-upload/template.csv')).toHaveLength(1));
    expect(clicks).toHaveBeenCalled();

    await user.upload(within(dialog).getByLabelText('Robot file (.csv, .json, .xlsx or .xls)'), xlsx());
    await waitFor(() => expect(currentStep(dialog)).toContain('Map fields'));
    expect(within(dialog).getByText('Using your mapping “Acme export”')).toBeInTheDocument();
    const ip = within(dialog).getByRole('combobox', { name: 'Field for column Schutzart' });
    expect(ip).toHaveValue('ip_rating');
    expect(within(ip).getAllByRole('option').map((o) => o.textContent)).toEqual(
      expect.arrayContaining(['IP rating', 'Cleanroom ISO class', 'Food grade', 'Mounting', 'Max speed (mm/s)', 'Country of origin', 'Category', 'Price (USD)']),
    );
    // An integrator's rows are robots, not offers: the offer's terms are not offered.
    const integratorOptions = within(ip).getAllByRole('option').map((o) => o.textContent);
    for (const offerTerm of ['Currency', 'Condition', 'Lead time (weeks)', 'Quantity']) expect(integratorOptions).not.toContain(offerTerm);
    expect(within(dialog).getByRole('combobox', { name: 'Field for column Food grade (Y/N)' })).toHaveValue('food_grade');

    // Changing a field: the saved mapping is no longer "in use"; the new one is saved under a name.
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Field for column Food grade (Y/N)' }), 'mounting');
    expect(within(dialog).queryByText('Using your mapping “Acme export”')).not.toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: 'Save this mapping as' });
    await user.clear(name);
    await user.type(name, 'Acme v2');
    await user.click(within(dialog).getByRole('button', { name: 'Save mapping' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/integrator/bulk-upload/mappings')).toHaveLength(1));
    expect(JSON.parse(String(nth(callsTo(fetchMock, 'POST', '/api/integrator/bulk-upload/mappings'), 0).init.body))).toEqual({
      name: 'Acme v2', columns: SAVED.columns, mappings: { ...SAVED.mappings, 'Food grade (Y/N)': 'mounting' },
    });

    // Applying the old one puts its fields back; deleting it removes it from the list.
    const choose = within(dialog).getByRole('combobox', { name: 'Your mappings' });
    await waitFor(() => expect(within(choose).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a saved mapping', 'Acme v2', 'Acme export']));
    await user.selectOptions(choose, 'map-1');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('combobox', { name: 'Field for column Food grade (Y/N)' })).toHaveValue('food_grade');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/integrator/bulk-upload/mappings/map-1')).toHaveLength(1));
    await waitFor(() => expect(within(choose).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a saved mapping', 'Acme v2']));
  });

  it('a workbook with several sheets: picks the sheet, then moves the header row; each reads the file again', async () => {
    stubCatalog();
    const notes = {
      ...PARSED,
      sheet_name: 'Read me',
      header_row: 1,
      detected_columns: ['Export of 2026-11-01'],
      suggested_mappings: { 'Export of 2026-11-01': null },
      preview_rows: [{ 'Export of 2026-11-01': 'Prices in EUR' }],
      sheets: [
        { name: 'Read me', rows: 2, hidden: false },
        { name: 'Fleet', rows: 4, hidden: false },
        { name: 'Empty', rows: 0, hidden: false },
      ],
      first_rows: [{ row: 1, cells: ['Export of 2026-11-01'] }, { row: 2, cells: ['Prices in EUR'] }],
    };
    const fleetFirstRows = [
      { row: 1, cells: ['Line 4', 'Robots', 'Robots'] },
      { row: 2, cells: ['Brand', 'Model #', 'Max Payload (lbs)'] },
      { row: 3, cells: ['FANUC', 'M-20iD/25', 55] },
    ];
    const fleetGuess = { ...notes, sheet_name: 'Fleet', header_row: 1, detected_columns: ['Line 4', 'Robots', 'Robots (2)'], suggested_mappings: { 'Line 4': null, Robots: null, 'Robots (2)': null }, first_rows: fleetFirstRows };
    const fleetFixed = { ...PARSED, sheets: notes.sheets, sheet_name: 'Fleet', header_row: 2, first_rows: fleetFirstRows };
    const answers = [notes, fleetGuess, fleetFixed];
    const requests = stubXhr((xhr) => setTimeout(() => xhr.respond(200, answers[requests.length - 1]), 10));
    const { user, dialog } = await openWizard();
    await user.upload(within(dialog).getByLabelText('Robot file (.csv, .json, .xlsx or .xls)'), xlsx());
    await waitFor(() => expect(currentStep(dialog)).toContain('Map fields'));

    const layout = within(dialog).getByRole('region', { name: 'How the file is read' });
    const sheet = within(layout).getByRole('combobox', { name: 'Sheet' });
    expect(within(sheet).getAllByRole('option').map((o) => [o.textContent, (o as HTMLOptionElement).disabled])).toEqual([
      ['Read me (2 rows)', false],
      ['Fleet (4 rows)', false],
      ['Empty (0 rows)', true],
    ]);
    await user.selectOptions(sheet, 'Fleet');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Field for column Robots' })).toBeInTheDocument());
    expect(nth(requests, 1).field('sheet')).toBe('Fleet');
    expect(nth(requests, 1).field('header_row')).toBeNull();

    // The guess took the section row; the user marks row 2 as the header row.
    expect(within(layout).getByRole('radio', { name: 'Row 1 is the header row' })).toBeChecked();
    await user.click(within(layout).getByRole('radio', { name: 'Row 2 is the header row' }));
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Field for column Brand' })).toHaveValue('manufacturer'));
    expect(nth(requests, 2).field('sheet')).toBe('Fleet');
    expect(nth(requests, 2).field('header_row')).toBe('2');
    expect(within(dialog).getByRole('radio', { name: 'Row 2 is the header row' })).toBeChecked();
    expect(requests).toHaveLength(3);
  });

  it('goes through the three steps, the validate grid on its error rows, Back, then imports and reloads the catalog', async () => {
    const fetchMock = stubCatalog();
    const requests = stubXhr(answerParse());
    const { user, dialog } = await openWizard();
    expect(currentStep(dialog)).toContain('Choose a file');
    const input = within(dialog).getByLabelText('Robot file (.csv, .json, .xlsx or .xls)');
    expect(input).toHaveAttribute('accept', '.csv,.json,.xlsx,.xls');

    await user.upload(input, xlsx());
    expect(await within(dialog).findByRole('progressbar', { name: 'Uploading the file…' })).toBeInTheDocument();
    await waitFor(() => expect(currentStep(dialog)).toContain('Map fields'));
    expect(nth(requests, 0).pathname).toBe('/api/integrator/bulk-upload/parse');
    expect(nth(requests, 0).headers.Authorization).toBe('Bearer stored-token');
    expect((nth(requests, 0).field('file') as File).name).toBe('robots.xlsx');

    // Step 2: the suggested mappings are pre-filled; units and warnings are shown.
    expect(within(dialog).getByRole('combobox', { name: 'Field for column Brand' })).toHaveValue('manufacturer');
    expect(within(dialog).getByRole('combobox', { name: 'Field for column Max Payload (lbs)' })).toHaveValue('payload_kg');
    expect(within(dialog).getByRole('combobox', { name: 'Field for column Notes' })).toHaveValue('');
    expect(within(dialog).getByText('lb (pounds)')).toBeInTheDocument();
    expect(within(dialog).getByText('Skipped 1 title row above the headers.')).toBeInTheDocument();
    // Choosing a field already in use moves it.
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Field for column Notes' }), 'dof');
    expect(within(dialog).getByRole('combobox', { name: 'Field for column Axes' })).toHaveValue('');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Field for column Axes' }), 'dof');

    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(currentStep(dialog)).toContain('Validate & preview'));
    const validateCall = nth(callsTo(fetchMock, 'POST', '/api/integrator/bulk-upload/validate'), 0);
    expect(JSON.parse(String(validateCall.init.body))).toEqual({ upload_id: 'up-1', mappings: { ...PARSED.suggested_mappings, Notes: null } });

    // Step 3: counts, then the grid on its error rows: rows as the spreadsheet shows them, each bad cell marked with its message.
    expect(within(dialog).getByText('Valid rows', { selector: 'dt' }).nextElementSibling).toHaveTextContent('12');
    expect(within(dialog).getByText('Rows with warnings', { selector: 'dt' }).nextElementSibling).toHaveTextContent('12');
    expect(within(dialog).getByText('Rows with errors', { selector: 'dt' }).nextElementSibling).toHaveTextContent('5');
    expect(within(dialog).getByRole('radio', { name: 'Errors (5)' })).toHaveAttribute('aria-checked', 'true');
    const bad = within(dialog).getByRole('textbox', { name: 'Max Payload (lbs), row 15' });
    expect(bad).toHaveValue('heavy');
    expect(bad).toHaveAttribute('aria-invalid', 'true');
    expect(bad).toHaveAccessibleDescription('Error in row 15');
    expect(within(dialog).getAllByRole('textbox', { name: /^Max Payload \(lbs\), row / })).toHaveLength(5);
    expect(within(dialog).queryByRole('textbox', { name: 'Model #, row 3' })).not.toBeInTheDocument();
    // The unmapped column is not in the grid.
    expect(within(dialog).queryByRole('textbox', { name: /^Notes, row/ })).not.toBeInTheDocument();
    // All rows: the errors first, then the rest; a warning is shown on its cell without the "Row 3:" prefix.
    await user.click(within(dialog).getByRole('radio', { name: 'All rows (17)' }));
    const payloads = within(dialog).getAllByRole('textbox', { name: /^Max Payload \(lbs\), row / });
    expect(payloads.map((input) => input.getAttribute('aria-label'))).toEqual(
      ['15', '16', '17', '18', '19', '3'].map((row) => `Max Payload (lbs), row ${row}`),
    );
    const converted = within(dialog).getByRole('textbox', { name: 'Max Payload (lbs), row 3' });
    expect(converted).not.toHaveAttribute('aria-invalid');
    expect(converted).toHaveAccessibleDescription('payload 55 lb converted to 24.9 kg');
    await user.click(within(dialog).getByRole('radio', { name: 'Warnings (12)' }));
    expect(within(dialog).getAllByRole('textbox', { name: /^Model #, row / })).toHaveLength(1);
    // Warnings counted by kind, with the first rows to look at.
    const groups = within(within(dialog).getByRole('list', { name: 'Warnings by kind' })).getAllByRole('listitem');
    expect(groups.map((item) => item.textContent)).toEqual([
      '12 rows: payload converted from lb to kg (rows 3, 4, 5, 6, 7, …)',
      '1 row: axes (dof) not given: 6 assumed (row 9)',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Download full error report' })).toBeInTheDocument();

    // Back returns one step, with the mappings kept.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(currentStep(dialog)).toContain('Map fields');
    expect(within(dialog).getByRole('combobox', { name: 'Field for column Axes' })).toHaveValue('dof');
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(currentStep(dialog)).toContain('Validate & preview'));

    const robotLoads = callsTo(fetchMock, 'GET', '/api/integrator/catalog/robots').length;
    const statLoads = callsTo(fetchMock, 'GET', '/api/integrator/catalog/stats').length;
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    // The result: each count with what it means, and the way to the imported robots.
    expect(await within(dialog).findByText('Import complete! 12 inserted, 3 updated; 5 rows with errors skipped', { selector: 'p' })).toBeInTheDocument();
    expect(within(dialog).getByText('Skipped').nextElementSibling).toHaveTextContent('5');
    expect(within(dialog).getByText('Unchanged').nextElementSibling).toHaveTextContent('0');
    expect(within(dialog).getByText(/Robots already in your catalog \(same manufacturer and model\) whose values changed/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Show the imported robots' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bulk Upload' })).not.toBeInTheDocument());
    // The catalog tab lists that import's robots only, and can go back to the whole catalog.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/integrator/catalog/robots').some((call) => call.url.searchParams.get('import_id') === 'up-1')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Show the whole catalog' })).toBeInTheDocument();
    // Focus lands on the filtered list, not back on the "Bulk Upload" button.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Show the whole catalog' }).closest('p')).toHaveFocus());
    expect(toastTexts()).toContain('Import complete! 12 inserted, 3 updated; 5 rows with errors skipped');
    const importCall = nth(callsTo(fetchMock, 'POST', '/api/integrator/bulk-upload/import'), 0);
    // No row matched the catalog here: the default choice (attach) travels with no per-row overrides.
    expect(JSON.parse(String(importCall.init.body))).toEqual({ upload_id: 'up-1', mappings: PARSED.suggested_mappings, match_default: 'attach', match_choices: [] });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/integrator/catalog/robots').length).toBeGreaterThan(robotLoads));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/integrator/catalog/stats').length).toBeGreaterThan(statLoads));
  });

  it('disables Import when valid_count is 0', async () => {
    stubCatalog({
      'POST /api/integrator/bulk-upload/validate': () =>
        jsonResponse(validation({ valid_count: 0, warning_count: 0, error_count: 2, results: { valid: [], errors: [{ row_index: 1, sheet_row: 2, errors: ['Payload is missing'] }, { row_index: 2, sheet_row: 3, errors: ['Model is missing'] }] } })),
    });
    stubXhr(answerParse());
    const { user, dialog } = await openWizard();
    await user.upload(within(dialog).getByLabelText('Robot file (.csv, .json, .xlsx or .xls)'), xlsx());
    await user.click(await within(dialog).findByRole('button', { name: 'Validate' }));
    expect(await within(dialog).findByRole('button', { name: 'Import' })).toBeDisabled();
    expect(within(dialog).getByText('Payload is missing')).toBeInTheDocument();
  });

  it('fixes a bad cell in place: Enter sends it, the row is checked again at once and stays in view marked fixed; Escape puts a cell back', async () => {
    const fixed = validation({
      valid_count: 13,
      error_count: 4,
      results: {
        valid: [
          ...validation().results.valid,
          { row: 13, sheet_row: 15, manufacturer: 'ABB', model: 'IRB 1', payload_kg: 22.7, reach_mm: 1016, dof: 6, warnings: [], cells: { Brand: 'ABB', 'Model #': 'IRB 1', 'Max Payload (lbs)': '50', 'Reach (in)': 40, Axes: 6, Notes: '' }, cell_warnings: [], edited: ['Max Payload (lbs)'] },
        ],
        errors: validation().results.errors.slice(1),
      },
    });
    const fetchMock = stubCatalog({ 'POST /api/integrator/bulk-upload/edits': () => jsonResponse({ ...fixed, edited_rows: [{ row: 13, sheet_row: 15, status: 'valid', errors: [] }] }) });
    stubXhr(answerParse());
    const { user, dialog } = await openWizard();
    await user.upload(within(dialog).getByLabelText('Robot file (.csv, .json, .xlsx or .xls)'), xlsx());
    await user.click(await within(dialog).findByRole('button', { name: 'Validate' }));
    const other = await within(dialog).findByRole('textbox', { name: 'Model #, row 16' });
    await user.clear(other);
    await user.type(other, 'changed{Escape}');
    expect(other).toHaveValue('IRB 2');
    expect(screen.getByRole('dialog', { name: 'Bulk Upload' })).toBeInTheDocument();

    const bad = within(dialog).getByRole('textbox', { name: 'Max Payload (lbs), row 15' });
    await user.clear(bad);
    await user.type(bad, '50{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/integrator/bulk-upload/edits')).toHaveLength(1));
    expect(JSON.parse(String(nth(callsTo(fetchMock, 'POST', '/api/integrator/bulk-upload/edits'), 0).init.body))).toEqual({
      upload_id: 'up-1',
      mappings: PARSED.suggested_mappings,
      edits: [{ row: 13, column: 'Max Payload (lbs)', value: '50' }],
    });
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: 'Errors (4)' })).toBeInTheDocument());
    const now = within(dialog).getByRole('textbox', { name: 'Max Payload (lbs), row 15' });
    expect(now).toHaveValue('50');
    expect(now).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).getByText('Fixed')).toBeInTheDocument();
    expect(within(dialog).getByText('Valid rows', { selector: 'dt' }).nextElementSibling).toHaveTextContent('13');
    // Leaving a cell unchanged sends nothing.
    await user.click(now);
    await user.tab();
    expect(callsTo(fetchMock, 'POST', '/api/integrator/bulk-upload/edits')).toHaveLength(1);
  });

  it('says "Failed to parse file. Please check the format." with the server message, and for a wrong file type', async () => {
    stubCatalog();
    const requests = stubXhr(answerParse(400, { message: 'The file has no header row.', error: 'The file has no header row.', code: 'VALIDATION_FAILED' }));
    const { dialog } = await openWizard();
    const input = within(dialog).getByLabelText('Robot file (.csv, .json, .xlsx or .xls)');

    // The picker's accept list can be overridden ("All files"): the name is checked again.
    fireEvent.change(input, { target: { files: [new File(['x'], 'robots.txt', { type: 'text/plain' })] } });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to parse file. Please check the format.');
    expect(requests).toHaveLength(0);

    // A dropped file is parsed like a chosen one.
    fireEvent.drop(defined(input.parentElement), { dataTransfer: { files: [xlsx()] } });
    const alert = await within(dialog).findByText('The file has no header row.');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Failed to parse file. Please check the format.');
    expect(requests).toHaveLength(1);
    expect(currentStep(dialog)).toContain('Choose a file');
  });

  it('says "Validation failed. Please check your mappings." and shows the column problems', async () => {
    stubCatalog({
      'POST /api/integrator/bulk-upload/validate': () =>
        errorResponse(400, 'VALIDATION_FAILED', 'Check the column mappings: Map a column to model', {
          model: ['Map a column to model: a robot cannot be imported without it'],
          'mappings.Notes': ['Unknown column "Notes"'],
        }),
    });
    stubXhr(answerParse());
    const { user, dialog } = await openWizard();
    await user.upload(within(dialog).getByLabelText('Robot file (.csv, .json, .xlsx or .xls)'), xlsx());
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Field for column Model #' }), '');
    expect(within(dialog).getByText(/Not mapped yet: Model/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Validation failed. Please check your mappings.');
    expect(alert).toHaveTextContent('Check the column mappings: Map a column to model');
    expect(within(dialog).getByText('Unknown column "Notes"')).toBeInTheDocument();
    expect(currentStep(dialog)).toContain('Map fields');
  });

  it('says "Import failed. Please try again." and stays open', async () => {
    stubCatalog({ 'POST /api/integrator/bulk-upload/import': () => errorResponse(404, 'NOT_FOUND', 'This upload has expired. Upload the file again.') });
    stubXhr(answerParse());
    const { user, dialog } = await openWizard();
    await user.upload(within(dialog).getByLabelText('Robot file (.csv, .json, .xlsx or .xls)'), xlsx());
    await user.click(await within(dialog).findByRole('button', { name: 'Validate' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Import' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Import failed. Please try again.');
    expect(alert).toHaveTextContent('This upload has expired. Upload the file again.');
    expect(screen.getByRole('dialog', { name: 'Bulk Upload' })).toBeInTheDocument();
  });

  it('downloads the full error report with the bearer token', async () => {
    const fetchMock = stubCatalog({
      'GET /api/integrator/bulk-upload/:id/errors.csv': () =>
        new Response('row,errors\n13,Error', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="robots-errors.csv"' } }),
    });
    stubXhr(answerParse());
    const click = stubBlobDownloads();
    const { user, dialog } = await openWizard();
    await user.upload(within(dialog).getByLabelText('Robot file (.csv, .json, .xlsx or .xls)'), xlsx());
    await user.click(await within(dialog).findByRole('button', { name: 'Validate' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Download full error report' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = nth(callsTo(fetchMock, 'GET', '/api/integrator/bulk-upload/up-1/errors.csv'), 0);
    expect((call.init.headers as Record<string, string>).Authorization).toBe('Bearer stored-token');
    expect(JSON.parse(defined(call.url.searchParams.get('mappings')))).toEqual(PARSED.suggested_mappings);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('robots-errors.csv');
  });
});

describe('Bulk upload wizard for suppliers (/api/supplier/bulk-upload)', { timeout: 20_000 }, () => {
  it('sends every step to the supplier pipeline and reloads the listings after import', async () => {
    const imported = buildRobot({ manufacturer: 'FANUC', model: 'M-20iD/25', owner_id: SUPPLIER.id });
    let listings: ReturnType<typeof buildRobot>[] = [];
    const fetchMock = stubApi(
      {
        'GET /api/supplier/listings': () => jsonResponse({ data: listings }),
        'GET /api/supplier/offers': () => jsonResponse({ data: [] }),
        'GET /api/supplier/figures': () => jsonResponse({ data: { active_offers: 0 } }),
        'GET /api/supplier/leads': () => jsonResponse({ data: [] }),
        'GET /api/supplier/analytics': () => jsonResponse({ days: 30, data: [] }),
        'POST /api/supplier/bulk-upload/validate': () => jsonResponse(validation({ errors_csv_url: '/api/supplier/bulk-upload/up-1/errors.csv' })),
        'POST /api/supplier/bulk-upload/import': () => {
          listings = [imported];
          return jsonResponse({ inserted: 1, updated: 0, unchanged: 0, skipped: 5 });
        },
        'GET /api/supplier/bulk-upload/:id/errors.csv': () => new Response('row,errors\n13,Error', { headers: { 'Content-Type': 'text/csv' } }),
      },
      { user: SUPPLIER },
    );
    const requests = stubXhr(answerParse());
    const click = stubBlobDownloads();
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    // The workspace opens on Offers; the bulk upload lives with the listings.
    await user.click(await screen.findByRole('tab', { name: 'Listings' }, { timeout: 5000 }));
    expect(await screen.findByRole('heading', { name: 'No listings yet' }, { timeout: 5000 })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Bulk upload' }));
    const dialog = screen.getByRole('dialog', { name: 'Bulk upload' });
    expect(currentStep(dialog)).toContain('Choose a file');
    await user.upload(within(dialog).getByLabelText('Robot file (.csv, .json, .xlsx or .xls)'), xlsx());
    await waitFor(() => expect(currentStep(dialog)).toContain('Map fields'));
    expect(nth(requests, 0).pathname).toBe('/api/supplier/bulk-upload/parse');
    expect(nth(requests, 0).headers.Authorization).toBe('Bearer stored-token');
    // A supplier's rows become offers: the offer's terms can be mapped, and the price is in the row's currency.
    const supplierOptions = within(nth(within(dialog).getAllByRole('combobox', { name: /^Field for column / }), 0))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(supplierOptions).toEqual(expect.arrayContaining(['Currency', 'Condition', 'Lead time (weeks)', 'Quantity', 'Price (in the row’s currency)']));
    expect(supplierOptions).not.toContain('Price (USD)');

    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(currentStep(dialog)).toContain('Validate & preview'));
    const validateCall = nth(callsTo(fetchMock, 'POST', '/api/supplier/bulk-upload/validate'), 0);
    expect(JSON.parse(String(validateCall.init.body))).toEqual({ upload_id: 'up-1', mappings: PARSED.suggested_mappings });

    await user.click(within(dialog).getByRole('button', { name: 'Download full error report' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'GET', '/api/supplier/bulk-upload/up-1/errors.csv')).toHaveLength(1);
    // The server named no file: the report is named after the upload.
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('robots-errors.csv');

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText(/New robots added to your listings/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bulk upload' })).not.toBeInTheDocument());
    expect(toastTexts()).toContain('Import complete! 1 inserted, 0 updated; 5 rows with errors skipped');
    expect(JSON.parse(String(nth(callsTo(fetchMock, 'POST', '/api/supplier/bulk-upload/import'), 0).init.body))).toEqual({
      upload_id: 'up-1',
      mappings: PARSED.suggested_mappings,
      match_default: 'attach',
      match_choices: [],
    });
    expect(await screen.findByRole('article', { name: 'FANUC M-20iD/25' })).toHaveTextContent('Active');
    // Nothing went to the integrator's pipeline.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/integrator/'))).toBe(false);
    expect(requests.every((request) => request.pathname.startsWith('/api/supplier/'))).toBe(true);
  });
});
