import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IntegratorRobotDetail } from '@cellforge/contracts';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '@/test/fetch';
import { callsTo, INTEGRATOR, stubApi, type ApiRoutes } from '@/test/marketplace';
import { toastTexts } from '@/test/render';
import { CATALOG_STATS, catalogAnswer, OWN_ROBOT, ownRobotDetail, SHARED_ROBOT, toCatalogRobot } from '@/test/integrator-fixtures';
import { renderDashboard } from '@/test/render-dashboard';
import { defined, nth } from '@/test/defined';

function statValue(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling;
}

describe('Integrator dashboard: Catalog tab', { timeout: 20_000 }, () => {
  it('shows the stat cards and the robot cards with specs, permission and can_edit', async () => {
    stubApi(
      {
        'GET /api/integrator/catalog/robots': () => jsonResponse(catalogAnswer([OWN_ROBOT, SHARED_ROBOT])),
        'GET /api/integrator/catalog/stats': () => jsonResponse(CATALOG_STATS),
      },
      { user: INTEGRATOR },
    );
    renderDashboard();
    const own = await screen.findByRole('article', { name: 'CellForge Robotics CF-10 Arm' }, { timeout: 5000 });
    expect(screen.getByRole('tab', { name: 'Catalog' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(statValue('Total Robots')).toHaveTextContent('212'));
    expect(statValue('Active Robots')).toHaveTextContent('210');
    expect(statValue('Inactive')).toHaveTextContent('2');
    expect(statValue('Categories')).toHaveTextContent('3');

    expect(within(own).getByRole('heading', { name: 'CF-10 Arm' })).toBeInTheDocument();
    expect(within(own).getByText('10 kg')).toBeInTheDocument();
    expect(within(own).getByText('1,300 mm')).toBeInTheDocument();
    expect(within(own).getByText('Owner · can edit')).toBeInTheDocument();
    const shared = screen.getByRole('article', { name: 'ABB IRB 1200' });
    expect(within(shared).getByText('Read only')).toBeInTheDocument();
    // An unknown reach is a dash, never 0.
    expect(within(shared).getByText('Reach').nextElementSibling).toHaveTextContent('—');
    expect(screen.getByText('Showing 1–2 of 2 robots')).toBeInTheDocument();
  });

  it('shows a loading state while the robots load', async () => {
    stubApi(
      {
        'GET /api/integrator/catalog/robots': () => new Promise<Response>(() => {}),
        'GET /api/integrator/catalog/stats': () => jsonResponse(CATALOG_STATS),
      },
      { user: INTEGRATOR },
    );
    renderDashboard();
    expect(await screen.findByRole('status', { name: 'Loading catalog' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows the connection message with Retry on a network error, and loads again on Retry', async () => {
    const user = userEvent.setup();
    let offline = true;
    const fetchMock = stubApi(
      {
        'GET /api/integrator/catalog/robots': () => {
          if (offline) throw new TypeError('Failed to fetch');
          return jsonResponse(catalogAnswer([OWN_ROBOT]));
        },
        'GET /api/integrator/catalog/stats': () => jsonResponse(CATALOG_STATS),
      },
      { user: INTEGRATOR },
    );
    renderDashboard();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Failed to load catalog data. Please check your connection.');
    offline = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'CellForge Robotics CF-10 Arm' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/integrator/catalog/robots')).toHaveLength(2);
  });

  it('shows "No Entry" for any other failure and for an empty catalog', async () => {
    stubApi(
      {
        'GET /api/integrator/catalog/robots': () => errorResponse(500, 'INTERNAL', 'The catalog is unavailable.'),
        'GET /api/integrator/catalog/stats': () => errorResponse(500, 'INTERNAL', 'Boom'),
      },
      { user: INTEGRATOR },
    );
    const first = renderDashboard();
    expect(await screen.findByRole('heading', { name: 'No Entry' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load catalog data. Please check your connection.')).not.toBeInTheDocument();
    await waitFor(() => expect(statValue('Total Robots')).toHaveTextContent('—'));
    first.unmount();

    stubApi(
      {
        'GET /api/integrator/catalog/robots': () => jsonResponse(catalogAnswer([])),
        'GET /api/integrator/catalog/stats': () => jsonResponse(CATALOG_STATS),
      },
      { user: INTEGRATOR },
    );
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'No Entry' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('runs the search on Enter and on the Search button, from page 1', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(
      {
        'GET /api/integrator/catalog/robots': (url) =>
          jsonResponse(catalogAnswer([OWN_ROBOT], { page: Number(url.searchParams.get('page')), total: 45 })),
        'GET /api/integrator/catalog/stats': () => jsonResponse(CATALOG_STATS),
      },
      { user: INTEGRATOR },
    );
    const { router } = renderDashboard();
    await screen.findByRole('article', { name: 'CellForge Robotics CF-10 Arm' }, { timeout: 5000 });
    const first = nth(callsTo(fetchMock, 'GET', '/api/integrator/catalog/robots'), 0).url.searchParams;
    expect(Object.fromEntries(first)).toEqual({ page: '1', limit: '20' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));

    const box = screen.getByRole('searchbox', { name: 'Search the catalog' });
    await user.type(box, 'fanuc{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=fanuc'));
    await waitFor(() =>
      expect(defined(callsTo(fetchMock, 'GET', '/api/integrator/catalog/robots').at(-1)).url.searchParams.get('search')).toBe('fanuc'),
    );
    expect(defined(callsTo(fetchMock, 'GET', '/api/integrator/catalog/robots').at(-1)).url.searchParams.get('page')).toBe('1');

    await user.clear(box);
    await user.type(box, 'abb');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=abb'));
    await waitFor(() =>
      expect(defined(callsTo(fetchMock, 'GET', '/api/integrator/catalog/robots').at(-1)).url.searchParams.get('search')).toBe('abb'),
    );
  });
});

/** A stateful catalog: the own robot can be read, changed and deleted; the stats follow. */
function stubEditableCatalog(extra: ApiRoutes = {}) {
  let own: IntegratorRobotDetail | null = ownRobotDetail();
  const fetchMock = stubApi(
    {
      'GET /api/integrator/catalog/robots': () => jsonResponse(catalogAnswer([...(own ? [toCatalogRobot(own)] : []), SHARED_ROBOT])),
      'GET /api/integrator/catalog/stats': () =>
        jsonResponse({ data: { ...CATALOG_STATS.data, total_robots: own ? 212 : 211, active_robots: own ? 210 : 209 } }),
      'GET /api/integrator/catalog/robots/:id': (url) =>
        own && url.pathname.endsWith(`/${own.id}`) ? jsonResponse({ data: own }) : errorResponse(404, 'NOT_FOUND', 'Robot not found'),
      'PUT /api/integrator/catalog/robots/:id': (_url, init) => {
        own = { ...defined(own), ...(JSON.parse(String(init.body)) as Partial<IntegratorRobotDetail>) };
        return jsonResponse({ data: own });
      },
      'DELETE /api/integrator/catalog/robots/:id': () => {
        own = null;
        return new Response(null, { status: 204 });
      },
      ...extra,
    },
    { user: INTEGRATOR },
  );
  return fetchMock;
}

const OWN_NAME = 'CellForge Robotics CF-10 Arm';

describe('Integrator dashboard: editing and deleting own robots', { timeout: 20_000 }, () => {
  it('offers Edit and Delete on own robots only; shared-catalog cards stay read-only', async () => {
    stubEditableCatalog();
    renderDashboard();
    const own = await screen.findByRole('article', { name: OWN_NAME }, { timeout: 5000 });
    expect(within(own).getByText('Owner · can edit')).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: `Edit ${OWN_NAME}` })).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: `Delete ${OWN_NAME}` })).toBeInTheDocument();
    const shared = screen.getByRole('article', { name: 'ABB IRB 1200' });
    expect(within(shared).getByText('Read only')).toBeInTheDocument();
    expect(within(shared).queryByRole('button')).not.toBeInTheDocument();
  });

  it('edits every field from a form prefilled by GET, then reloads the list and the stats', async () => {
    const user = userEvent.setup();
    const fetchMock = stubEditableCatalog();
    renderDashboard();
    const own = await screen.findByRole('article', { name: OWN_NAME }, { timeout: 5000 });
    await waitFor(() => expect(statValue('Total Robots')).toHaveTextContent('212'));
    const listCalls = callsTo(fetchMock, 'GET', '/api/integrator/catalog/robots').length;
    const statsCalls = callsTo(fetchMock, 'GET', '/api/integrator/catalog/stats').length;

    await user.click(within(own).getByRole('button', { name: `Edit ${OWN_NAME}` }));
    const dialog = screen.getByRole('dialog', { name: 'Edit robot' });
    const form = await within(dialog).findByRole('form', { name: 'Edit robot' });
    expect(callsTo(fetchMock, 'GET', `/api/integrator/catalog/robots/${OWN_ROBOT._id}`)).toHaveLength(1);
    expect(within(form).getByRole('textbox', { name: /Manufacturer/ })).toHaveValue('CellForge Robotics');
    expect(within(form).getByRole('textbox', { name: /Model/ })).toHaveValue('CF-10 Arm');
    expect(within(form).getByRole('combobox', { name: /Category/ })).toHaveValue('articulated');
    expect(within(form).getByRole('spinbutton', { name: /Axes/ })).toHaveValue(6);
    expect(within(form).getByRole('spinbutton', { name: /Rated payload/ })).toHaveValue(10);
    expect(within(form).getByRole('spinbutton', { name: /Reach/ })).toHaveValue(1300);
    expect(within(form).getByRole('spinbutton', { name: /Repeatability/ })).toHaveValue(0.05);
    expect(within(form).getByRole('spinbutton', { name: /Weight/ })).toHaveValue(null);
    expect(within(form).getByRole('textbox', { name: /Applications/ })).toHaveValue('welding, pick-and-place');
    expect(within(form).getByRole('textbox', { name: /Description/ })).toHaveValue('Our own six-axis arm.');

    await user.clear(within(form).getByRole('textbox', { name: /Model/ }));
    await user.type(within(form).getByRole('textbox', { name: /Model/ }), 'CF-12 Arm');
    await user.clear(within(form).getByRole('spinbutton', { name: /Rated payload/ }));
    await user.type(within(form).getByRole('spinbutton', { name: /Rated payload/ }), '12');
    await user.selectOptions(within(form).getByRole('combobox', { name: /Category/ }), 'Collaborative');
    await user.type(within(form).getByRole('textbox', { name: /Industries/ }), 'Food and beverage');
    await user.click(within(form).getByRole('button', { name: 'Save robot' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [put] = callsTo(fetchMock, 'PUT', `/api/integrator/catalog/robots/${OWN_ROBOT._id}`);
    expect(JSON.parse(String(defined(put).init.body))).toEqual({
      manufacturer: 'CellForge Robotics',
      model: 'CF-12 Arm',
      category: 'collaborative',
      payload_kg: 12,
      reach_mm: 1300,
      dof: 6,
      repeatability_mm: 0.05,
      weight_kg: null,
      price_min_usd: null,
      price_max_usd: null,
      applications: ['welding', 'pick-and-place'],
      industries: ['food-and-beverage'],
      description: 'Our own six-axis arm.',
      datasheet_source: null,
      ip_rating: null,
      cleanroom_iso_class: null,
      food_grade: null,
      mounting: null,
      max_speed_mm_s: null,
      environment_source: null,
    });
    const edited = await screen.findByRole('article', { name: 'CellForge Robotics CF-12 Arm' });
    expect(within(edited).getByText('12 kg')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/integrator/catalog/robots').length).toBeGreaterThan(listCalls);
    expect(callsTo(fetchMock, 'GET', '/api/integrator/catalog/stats').length).toBeGreaterThan(statsCalls);
    await waitFor(() => expect(toastTexts()).toContain('CellForge Robotics CF-12 Arm saved'));
  });

  it("puts the server's field errors on the fields (a duplicate model) and keeps the dialog open", async () => {
    const user = userEvent.setup();
    stubEditableCatalog({
      'PUT /api/integrator/catalog/robots/:id': () =>
        errorResponse(409, 'CONFLICT', 'Your catalog already has this manufacturer and model. Edit that robot instead.', {
          model: ['Your catalog already has this manufacturer and model'],
        }),
    });
    renderDashboard();
    const own = await screen.findByRole('article', { name: OWN_NAME }, { timeout: 5000 });
    await user.click(within(own).getByRole('button', { name: `Edit ${OWN_NAME}` }));
    const dialog = screen.getByRole('dialog', { name: 'Edit robot' });
    await user.click(await within(dialog).findByRole('button', { name: 'Save robot' }));
    const model = within(dialog).getByRole('textbox', { name: /Model/ });
    await waitFor(() => expect(model).toHaveAttribute('aria-invalid', 'true'));
    expect(model).toHaveAccessibleDescription('Your catalog already has this manufacturer and model');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Your catalog already has this manufacturer and model. Edit that robot instead.');
  });

  it('checks the form with the contract before any call', async () => {
    const user = userEvent.setup();
    const fetchMock = stubEditableCatalog();
    renderDashboard();
    const own = await screen.findByRole('article', { name: OWN_NAME }, { timeout: 5000 });
    await user.click(within(own).getByRole('button', { name: `Edit ${OWN_NAME}` }));
    const dialog = screen.getByRole('dialog', { name: 'Edit robot' });
    const reach = await within(dialog).findByRole('spinbutton', { name: /Reach/ });
    await user.clear(reach);
    await user.type(reach, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save robot' }));
    expect(await within(dialog).findByText('Reach must be more than 0')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', `/api/integrator/catalog/robots/${OWN_ROBOT._id}`)).toHaveLength(0);
  });

  it('deletes after a confirm dialog naming the robot (Keep it does nothing), then reloads', async () => {
    const user = userEvent.setup();
    const fetchMock = stubEditableCatalog();
    renderDashboard();
    const own = await screen.findByRole('article', { name: OWN_NAME }, { timeout: 5000 });
    await waitFor(() => expect(statValue('Total Robots')).toHaveTextContent('212'));

    await user.click(within(own).getByRole('button', { name: `Delete ${OWN_NAME}` }));
    let dialog = screen.getByRole('dialog', { name: 'Delete this robot?' });
    expect(dialog).toHaveAccessibleDescription(`“${OWN_NAME}” will be removed from your catalog. This cannot be undone.`);
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', `/api/integrator/catalog/robots/${OWN_ROBOT._id}`)).toHaveLength(0);

    await user.click(within(own).getByRole('button', { name: `Delete ${OWN_NAME}` }));
    dialog = screen.getByRole('dialog', { name: 'Delete this robot?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete robot' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE', `/api/integrator/catalog/robots/${OWN_ROBOT._id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('article', { name: OWN_NAME })).not.toBeInTheDocument());
    await waitFor(() => expect(statValue('Total Robots')).toHaveTextContent('211'));
    expect(screen.getByRole('article', { name: 'ABB IRB 1200' })).toBeInTheDocument();
    await waitFor(() => expect(toastTexts()).toContain(`Deleted “${OWN_NAME}”`));
  });

  it("keeps the confirm dialog open with the server's reason when a delete is refused", async () => {
    const user = userEvent.setup();
    stubEditableCatalog({
      'DELETE /api/integrator/catalog/robots/:id': () => errorResponse(403, 'FORBIDDEN', 'Robots of the shared catalog are read-only.'),
    });
    renderDashboard();
    const own = await screen.findByRole('article', { name: OWN_NAME }, { timeout: 5000 });
    await user.click(within(own).getByRole('button', { name: `Delete ${OWN_NAME}` }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this robot?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete robot' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Robots of the shared catalog are read-only.');
    expect(screen.getByRole('article', { name: OWN_NAME })).toBeInTheDocument();
  });
});
