import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { useSession } from '@/lib/auth/session';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse } from '@/test/fetch';
import { buildRobot, callsTo, CUSTOMER, stubApi, SUPPLIER } from '@/test/marketplace';
import { renderRoutes, toastTexts } from '@/test/render';
import { stubXhr } from '@/test/fake-xhr';
import { BulkUploadWizard } from '@/features/bulk-upload/components/bulk-upload-wizard';
import { ListingsPanel } from '@/features/listings/components/listings-panel';

const EXISTING = buildRobot({ manufacturer: 'Doosan Robotics', model: 'H2017', owner_id: SUPPLIER.id });
const IMPORTED = buildRobot({ manufacturer: 'Kawasaki', model: 'RS020N', owner_id: SUPPLIER.id });

const PARSED = {
  upload_id: 'up-7',
  file_name: 'listings.csv',
  row_count: 1,
  detected_columns: ['Brand', 'Model', 'Payload (kg)', 'Reach (mm)'],
  suggested_mappings: { Brand: 'manufacturer', Model: 'model', 'Payload (kg)': 'payload_kg', 'Reach (mm)': 'reach_mm' },
  preview_rows: [{ Brand: 'Kawasaki', Model: 'RS020N', 'Payload (kg)': 20, 'Reach (mm)': 1725 }],
};
const VALIDATION = {
  valid_count: 1,
  warning_count: 1,
  error_count: 0,
  warning_groups: [{ kind: 'axes (dof) not given: 6 assumed', rows: 1, first_rows: [2], text: '1 row: axes (dof) not given: 6 assumed' }],
  results: {
    valid: [{ row: 1, sheet_row: 2, manufacturer: 'Kawasaki', model: 'RS020N', payload_kg: 20, reach_mm: 1725, dof: 6, warnings: ['Row 2: axes (dof) not given; 6 is assumed for a new robot'] }],
    errors: [],
  },
};

function stubSupplier() {
  let listings = [EXISTING];
  const mock = stubApi(
    {
      'GET /api/supplier/offers': () => jsonResponse({ data: [] }),
      'GET /api/supplier/listings': () => jsonResponse({ data: listings }),
      // The API counts the supplier's active offers once (the imported robots are offers).
      'GET /api/supplier/figures': () => jsonResponse({ data: { active_offers: listings.filter((l) => l.status === 'active').length } }),
      'GET /api/supplier/leads': () => jsonResponse({ data: [] }),
      'GET /api/supplier/offer-analytics': () => jsonResponse({ days: 30, data: [] }),
      'GET /api/supplier/analytics': () => jsonResponse({ days: 30, data: [] }),
      'POST /api/supplier/bulk-upload/validate': () => jsonResponse(VALIDATION),
      'POST /api/supplier/bulk-upload/import': () => {
        listings = [IMPORTED, EXISTING];
        return jsonResponse({ inserted: 1, updated: 0, unchanged: 0, skipped: 0 });
      },
    },
    { user: SUPPLIER },
  );
  return mock;
}

function activeListings() {
  return screen.getByText('Active offers', { selector: 'dt' }).nextElementSibling;
}

describe('Supplier dashboard: Bulk upload', { timeout: 20_000 }, () => {
  it('opens the bulk-upload wizard from the listings, by keyboard, and closes back to its button', async () => {
    const user = userEvent.setup();
    stubSupplier();
    renderRoutes(routes, '/dashboard?tab=listings');
    const listings = await screen.findByRole('region', { name: 'Your listings' }, { timeout: 5000 });
    const button = within(listings).getByRole('button', { name: 'Bulk upload' });

    button.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Bulk upload' });
    expect(dialog).toHaveAccessibleDescription(/each new model becomes an active listing/);
    expect(within(dialog).getByRole('list', { name: 'Steps' })).toHaveTextContent(/Choose a file.*Map fields.*Validate & preview/);
    expect(within(dialog).getByLabelText('Robot file (.csv, .json, .xlsx or .xls)')).toHaveAttribute('accept', '.csv,.json,.xlsx,.xls');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('imports a file as listings and reloads the listings and the figures', async () => {
    const user = userEvent.setup();
    const fetchMock = stubSupplier();
    const requests = stubXhr((xhr) => setTimeout(() => xhr.respond(200, PARSED), 10));
    renderRoutes(routes, '/dashboard?tab=listings');
    await screen.findByRole('article', { name: 'Doosan Robotics H2017' }, { timeout: 5000 });
    await waitFor(() => expect(activeListings()).toHaveTextContent('1'));
    const analyticsLoads = callsTo(fetchMock, 'GET', '/api/supplier/analytics').length;

    await user.click(screen.getByRole('button', { name: 'Bulk upload' }));
    const dialog = screen.getByRole('dialog', { name: 'Bulk upload' });
    await user.upload(
      within(dialog).getByLabelText('Robot file (.csv, .json, .xlsx or .xls)'),
      new File(['Brand,Model,Payload (kg),Reach (mm)\nKawasaki,RS020N,20,1725\n'], 'listings.csv', { type: 'text/csv' }),
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Validate' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Import' }));
    // The result stays until the supplier is done with it.
    await user.click(await within(dialog).findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(requests.map((request) => request.pathname)).toEqual(['/api/supplier/bulk-upload/parse']);
    expect(callsTo(fetchMock, 'POST', '/api/supplier/bulk-upload/import')).toHaveLength(1);
    expect(toastTexts()).toContain('Import complete! 1 inserted, 0 updated');
    expect(await screen.findByRole('article', { name: 'Kawasaki RS020N' })).toHaveTextContent('Active');
    await waitFor(() => expect(activeListings()).toHaveTextContent('2'));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/supplier/analytics').length).toBeGreaterThan(analyticsLoads));
  });

  it('shows the imported robots from the result step: the listings of that import only, then all again', async () => {
    const user = userEvent.setup();
    let listings = [EXISTING];
    const fetchMock = stubApi(
      {
        'GET /api/supplier/offers': () => jsonResponse({ data: [] }),
        // The API filters by ?import_id= (the supplier's own import); the stub answers as it would.
        'GET /api/supplier/listings': (url) => jsonResponse({ data: url.searchParams.get('import_id') === 'up-7' ? listings.filter((l) => l.id === IMPORTED.id) : listings }),
        'GET /api/supplier/figures': () => jsonResponse({ data: { active_offers: listings.length } }),
        'GET /api/supplier/leads': () => jsonResponse({ data: [] }),
        'GET /api/supplier/offer-analytics': () => jsonResponse({ days: 30, data: [] }),
        'GET /api/supplier/analytics': () => jsonResponse({ days: 30, data: [] }),
        'POST /api/supplier/bulk-upload/validate': () => jsonResponse(VALIDATION),
        'POST /api/supplier/bulk-upload/import': () => {
          listings = [IMPORTED, EXISTING];
          return jsonResponse({ inserted: 1, updated: 0, unchanged: 0, skipped: 0, import_id: 'up-7' });
        },
      },
      { user: SUPPLIER },
    );
    stubXhr((xhr) => setTimeout(() => xhr.respond(200, PARSED), 10));
    renderRoutes(routes, '/dashboard?tab=listings');
    await screen.findByRole('article', { name: 'Doosan Robotics H2017' }, { timeout: 5000 });

    await user.click(screen.getByRole('button', { name: 'Bulk upload' }));
    const dialog = screen.getByRole('dialog', { name: 'Bulk upload' });
    await user.upload(
      within(dialog).getByLabelText('Robot file (.csv, .json, .xlsx or .xls)'),
      new File(['Brand,Model,Payload (kg),Reach (mm)\nKawasaki,RS020N,20,1725\n'], 'listings.csv', { type: 'text/csv' }),
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Validate' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Import' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Show the imported robots' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(await screen.findByText('Showing 1 listing from your import')).toBeInTheDocument();
    // Focus lands on the filtered list (not back on "Bulk upload" at the top): keyboard and screen-reader users are there too.
    await waitFor(() => expect(screen.getByText('Showing 1 listing from your import').closest('p')).toHaveFocus());
    expect(callsTo(fetchMock, 'GET', '/api/supplier/listings').some(({ url }) => url.searchParams.get('import_id') === 'up-7')).toBe(true);
    const list = screen.getByRole('list', { name: 'Listings' });
    await waitFor(() => expect(within(list).queryByRole('article', { name: 'Doosan Robotics H2017' })).not.toBeInTheDocument());
    expect(within(list).getByRole('article', { name: 'Kawasaki RS020N' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show all listings' }));
    expect(await screen.findByRole('article', { name: 'Doosan Robotics H2017' })).toBeInTheDocument();
    expect(screen.queryByText('Showing 1 listing from your import')).not.toBeInTheDocument();
  });

  it.each([
    { who: 'a supplier (upload_robots)', user: SUPPLIER, role: 'supplier', offered: true },
    { who: 'a user without upload_robots', user: CUSTOMER, role: 'customer', offered: false },
  ])('is offered to $who: $offered', async ({ user, role, offered }) => {
    stubApi({ 'GET /api/supplier/offers': () => jsonResponse({ data: [] }),
      'GET /api/supplier/listings': () => jsonResponse({ data: [EXISTING] }) }, { user });
    renderListingsPanel();
    // Once the session is known (GET /auth/me), the permission decides.
    expect(await screen.findByText(`Signed in as ${role}`, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Doosan Robotics H2017' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add listing' })).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: 'Bulk upload' })).toHaveLength(offered ? 1 : 0);
  });
});

function RoleProbe() {
  const { role } = useSession();
  return <p>{role ? `Signed in as ${role}` : 'Checking the session'}</p>;
}

/** The panel alone, whatever the role (the dashboard shows it to suppliers only). */
function renderListingsPanel() {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <RoleProbe />
          <ListingsPanel BulkUploadWizard={BulkUploadWizard} />
        </>
      ),
    },
  ]);
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
