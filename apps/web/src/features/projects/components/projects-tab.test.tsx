import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '@/test/fetch';
import { callsTo, INTEGRATOR, stubApi, type ApiRoutes } from '@/test/marketplace';
import { toastTexts } from '@/test/render';
import { buildProject, PROJECT_STATS } from '@/test/integrator-fixtures';
import { renderDashboard } from '@/test/render-dashboard';
import { defined, nth } from '@/test/defined';

const PROJECTS = [
  buildProject(),
  buildProject({ id: 'p2', project_name: 'Weld cell', customer_company: null, status: 'Draft' }),
  buildProject({ id: 'p3', project_name: 'Machine tending', status: 'Complete' }),
];

function stubProjects(extra: ApiRoutes = {}) {
  return stubApi(
    {
      'GET /api/integrator/projects': (url) => {
        const status = url.searchParams.get('status');
        return jsonResponse({ data: status ? PROJECTS.filter((p) => p.status === status) : PROJECTS });
      },
      'GET /api/integrator/projects/stats': () => jsonResponse(PROJECT_STATS),
      // The Opportunities section below the list (opportunities-section.test.tsx).
      'GET /api/integrator/opportunities': () => jsonResponse({ data: [] }),
      ...extra,
    },
    { user: INTEGRATOR },
  );
}

function statValue(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling;
}

describe('Integrator dashboard: Projects tab', { timeout: 20_000 }, () => {
  it('is selected from ?tab=projects and shows the stats and the projects', async () => {
    stubProjects();
    renderDashboard('?tab=projects');
    expect(await screen.findByRole('article', { name: 'Line 3 palletizing' }, { timeout: 5000 })).toHaveTextContent('In Progress');
    expect(screen.getByRole('tab', { name: 'Projects' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(statValue('Total Projects')).toHaveTextContent('4'));
    expect(statValue('Active')).toHaveTextContent('2');
    expect(statValue('Completed')).toHaveTextContent('1');
    expect(statValue('Draft')).toHaveTextContent('1');
    expect(screen.getByRole('article', { name: 'Weld cell' })).toHaveTextContent('Customer: —');
  });

  it('shows the filter buttons as the spec spells them: all, In Progress, Complete, Draft', async () => {
    stubProjects();
    renderDashboard('?tab=projects');
    await screen.findByRole('article', { name: 'Line 3 palletizing' }, { timeout: 5000 });
    const buttons = within(screen.getByRole('group', { name: 'Filter projects by status' })).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['all', 'In Progress', 'Complete', 'Draft']);
    // No CSS case change either: what is read is what is shown.
    for (const button of buttons) expect(button.className).not.toMatch(/\b(capitalize|uppercase|lowercase)\b/);
  });

  it('filters by status with pressed buttons and asks the server for that status', async () => {
    const user = userEvent.setup();
    const fetchMock = stubProjects();
    const { router } = renderDashboard('?tab=projects');
    await screen.findByRole('article', { name: 'Line 3 palletizing' }, { timeout: 5000 });
    const group = screen.getByRole('group', { name: 'Filter projects by status' });
    expect(within(group).getByRole('button', { name: 'all' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(group).getByRole('button', { name: 'Draft' }));
    expect(await screen.findByRole('article', { name: 'Weld cell' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Line 3 palletizing' })).not.toBeInTheDocument());
    expect(within(group).getByRole('button', { name: 'Draft' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: 'all' })).toHaveAttribute('aria-pressed', 'false');
    expect(defined(callsTo(fetchMock, 'GET', '/api/integrator/projects').at(-1)).url.searchParams.get('status')).toBe('Draft');
    expect(router.state.location.search).toBe('?tab=projects&status=Draft');

    await user.click(within(group).getByRole('button', { name: 'In Progress' }));
    expect(await screen.findByRole('article', { name: 'Line 3 palletizing' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Weld cell' })).not.toBeInTheDocument();
    expect(defined(callsTo(fetchMock, 'GET', '/api/integrator/projects').at(-1)).url.searchParams.get('status')).toBe('In Progress');

    await user.click(within(group).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByRole('article', { name: 'Machine tending' })).toBeInTheDocument();
  });

  it('shows "Failed to load projects. Please check your connection." on a network error, and "No Entry" when empty', async () => {
    stubProjects({
      'GET /api/integrator/projects': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const first = renderDashboard('?tab=projects');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Failed to load projects. Please check your connection.');
    first.unmount();

    stubProjects({ 'GET /api/integrator/projects': () => jsonResponse({ data: [] }) });
    renderDashboard('?tab=projects');
    expect(await screen.findByRole('heading', { name: 'No Entry' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('creates a project and edits one in a dialog', async () => {
    const user = userEvent.setup();
    const fetchMock = stubProjects({
      'POST /api/integrator/projects': (_url, init) => jsonResponse({ data: buildProject({ id: 'p9', ...JSON.parse(String(init.body)) }) }, { status: 201 }),
      'PATCH /api/integrator/projects/:id': (_url, init) => jsonResponse({ data: buildProject({ ...JSON.parse(String(init.body)) }) }),
    });
    renderDashboard('?tab=projects');
    await screen.findByRole('article', { name: 'Line 3 palletizing' }, { timeout: 5000 });

    await user.click(screen.getByRole('button', { name: 'New project' }));
    let dialog = screen.getByRole('dialog', { name: 'New project' });
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    expect(await within(dialog).findByText('Project name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Project name/ }), 'Depalletizing');
    await user.type(within(dialog).getByRole('textbox', { name: /Customer company/ }), 'Brewery Ltd');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'In Progress');
    // the requirements that prefill the project's video analyses (issue 16)
    await user.type(within(dialog).getByRole('spinbutton', { name: /Part weight \(kg\)/ }), '25');
    await user.type(within(dialog).getByRole('spinbutton', { name: /Cycle time \(s\)/ }), '9.5');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(String(nth(callsTo(fetchMock, 'POST', '/api/integrator/projects'), 0).init.body))).toEqual({
      project_name: 'Depalletizing',
      customer_company: 'Brewery Ltd',
      status: 'In Progress',
      requirements: { payload_kg: 25, reach_mm: null, cycle_time_s: 9.5 },
    });
    expect(toastTexts()).toContain('Project created');

    await user.click(screen.getByRole('button', { name: 'Edit Line 3 palletizing' }));
    dialog = screen.getByRole('dialog', { name: 'Edit project' });
    expect(within(dialog).getByRole('textbox', { name: /Project name/ })).toHaveValue('Line 3 palletizing');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'Complete');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patch = nth(callsTo(fetchMock, 'PATCH', '/api/integrator/projects/p1'), 0);
    expect(JSON.parse(String(patch.init.body))).toEqual({
      project_name: 'Line 3 palletizing',
      customer_company: 'Acme Foods',
      status: 'Complete',
      requirements: { payload_kg: null, reach_mm: null, cycle_time_s: null },
    });
  });

  it('shows the server field errors of a rejected project', async () => {
    const user = userEvent.setup();
    stubProjects({
      'POST /api/integrator/projects': () =>
        errorResponse(400, 'VALIDATION_FAILED', 'Check the highlighted fields', { project_name: ['A project with this name already exists'] }),
    });
    renderDashboard('?tab=projects');
    await screen.findByRole('article', { name: 'Line 3 palletizing' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'New project' }));
    const dialog = screen.getByRole('dialog', { name: 'New project' });
    await user.type(within(dialog).getByRole('textbox', { name: /Project name/ }), 'Line 3 palletizing');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    expect(await within(dialog).findByText('A project with this name already exists')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Check the highlighted fields');
  });
});
