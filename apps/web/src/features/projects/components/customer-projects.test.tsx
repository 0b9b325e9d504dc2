import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { errorResponse, jsonResponse } from '@/test/fetch';
import { callsTo, CUSTOMER, listAnswer, stubApi } from '@/test/marketplace';
import { renderRoutes, toastTexts } from '@/test/render';
import { defined } from '@/test/defined';

const PROJECT_ID = '10000000-0000-4000-8000-000000000001';
const project = {
  id: PROJECT_ID,
  project_name: 'Line 3 palletizing',
  customer_company: 'Acme',
  status: 'In Progress',
  owner_id: CUSTOMER.id,
  description: 'Bags of flour onto pallets.',
  requirements: { application: 'palletizing', industry: null, payload_kg: 25, reach_mm: 2400, cycle_time_s: 8, budget_usd: 90000 },
  shared_with_integrators: false,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
const stats = { total_projects: 3, active_projects: 1, completed_projects: 0, draft_projects: 2 };

function stubDashboard(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi(
    {
      'GET /projects/stats/overview': () => jsonResponse({ data: stats }),
      'GET /projects': () => jsonResponse({ data: [project] }),
      'GET /api/robots': () => jsonResponse(listAnswer([])),
      ...extra,
    },
    { user: CUSTOMER },
  );
}

function statValue(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling;
}

describe('Customer dashboard', () => {
  it('shows the stat cards and the projects, each linking to its matching robots', async () => {
    stubDashboard();
    renderRoutes(routes, '/dashboard');
    const card = await screen.findByRole('article', { name: 'Line 3 palletizing' }, { timeout: 5000 });
    expect(statValue('Total Projects')).toHaveTextContent('3');
    expect(statValue('Active')).toHaveTextContent('1');
    expect(statValue('Completed')).toHaveTextContent('0');
    expect(statValue('Draft')).toHaveTextContent('2');
    expect(within(card).getByText('In Progress')).toBeInTheDocument();
    expect(within(card).getByText('Payload 25 kg')).toBeInTheDocument();
    expect(within(card).getByText('Application: Palletizing')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'See matching robots for Line 3 palletizing' })).toHaveAttribute(
      'href',
      `/projects/${PROJECT_ID}/robots`,
    );
  });

  it('shows a dash in the stat cards when the stats cannot be loaded (spec: null on failure)', async () => {
    stubDashboard({ 'GET /projects/stats/overview': () => errorResponse(500, 'INTERNAL', 'Boom') });
    renderRoutes(routes, '/dashboard');
    await screen.findByRole('article', { name: 'Line 3 palletizing' }, { timeout: 5000 });
    await waitFor(() => expect(statValue('Total Projects')).toHaveTextContent('—'));
  });

  it('creates a project with requirements and the share toggle, after showing field errors', async () => {
    const user = userEvent.setup();
    const fetchMock = stubDashboard({
      'POST /projects': (_url, init) =>
        jsonResponse({ data: { ...project, ...JSON.parse(String(init.body)), id: 'new-id' } }, { status: 201 }),
    });
    renderRoutes(routes, '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'New project' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'New project' });

    await user.type(within(dialog).getByRole('spinbutton', { name: /Part weight/ }), '-4');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    expect(await within(dialog).findByText('Project name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Payload must be between 0 and 3000 kg')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Project name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'POST', '/projects')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Project name/ }), 'Weld cell');
    await user.clear(within(dialog).getByRole('spinbutton', { name: /Part weight/ }));
    await user.type(within(dialog).getByRole('spinbutton', { name: /Part weight/ }), '8');
    await user.type(within(dialog).getByRole('spinbutton', { name: /Reach needed/ }), '1400');
    await user.click(within(dialog).getByRole('switch', { name: 'Share with integrators' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = callsTo(fetchMock, 'POST', '/projects');
    expect(JSON.parse(String(defined(call).init.body))).toEqual({
      project_name: 'Weld cell',
      customer_company: null,
      status: 'Draft',
      description: '',
      requirements: { application: null, industry: null, payload_kg: 8, reach_mm: 1400, cycle_time_s: null, budget_usd: null, ip_rating_min: null, cleanroom_iso_class: null, food_grade: null, mounting: null },
      shared_with_integrators: true,
    });
    await waitFor(() => expect(toastTexts()).toContain('Project created'));
  });

  it("puts the server's field errors on the fields", async () => {
    const user = userEvent.setup();
    stubDashboard({
      'PATCH /projects/:id': () =>
        errorResponse(400, 'VALIDATION_FAILED', 'Invalid requirements.reach_mm: Reach must be between 0 and 10000 mm', {
          'requirements.reach_mm': ['Reach must be between 0 and 10000 mm'],
        }),
    });
    renderRoutes(routes, '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Edit Line 3 palletizing' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Edit project' });
    expect(within(dialog).getByRole('textbox', { name: /Project name/ })).toHaveValue('Line 3 palletizing');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const reach = within(dialog).getByRole('spinbutton', { name: /Reach needed/ });
    await waitFor(() => expect(reach).toHaveAttribute('aria-invalid', 'true'));
    expect(reach).toHaveAccessibleDescription('Reach must be between 0 and 10000 mm');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Invalid requirements.reach_mm');
  });

  it('opens the edit form from ?edit=<id> (the matches page links there)', async () => {
    stubDashboard();
    renderRoutes(routes, `/dashboard?edit=${PROJECT_ID}`);
    expect(await screen.findByRole('dialog', { name: 'Edit project' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
