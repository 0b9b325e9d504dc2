import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { errorResponse, jsonResponse, stubPendingFetch } from '@/test/fetch';
import { buildRobot, callsTo, listAnswer, stubApi } from '@/test/marketplace';
import { renderRoutes } from '@/test/render';
import { defined, nth } from '@/test/defined';

const abb = buildRobot({ manufacturer: 'ABB', model: 'IRB 1600', payload_kg: 10, reach_mm: 1450, price_min_usd: null, price_max_usd: null });
const fanuc = buildRobot({ manufacturer: 'FANUC', model: 'M-20iD/25', payload_kg: 25, reach_mm: 1831, owner_id: 'supplier-1' });
const kuka = buildRobot({ manufacturer: 'KUKA', model: 'KR 10 R1100', payload_kg: 10, reach_mm: 1101 });

function search(router: { state: { location: { search: string } } }) {
  return new URLSearchParams(router.state.location.search);
}

describe('/catalog', () => {
  it('shows a loading skeleton first', async () => {
    stubPendingFetch();
    renderRoutes(routes, '/catalog');
    expect(await screen.findByRole('status', { name: 'Loading robots' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows result cards with maker, model, category, payload, reach, axes and price (or a dash)', async () => {
    stubApi({ 'GET /api/robots': () => jsonResponse(listAnswer([abb, fanuc], { total: 42 })) });
    renderRoutes(routes, '/catalog');
    const card = await screen.findByRole('article', { name: 'ABB IRB 1600' });
    expect(within(card).getByRole('link', { name: 'ABB IRB 1600' })).toHaveAttribute('href', `/robots/${abb.id}`);
    expect(within(card).getByText('Articulated')).toBeInTheDocument();
    expect(within(card).getByText('10 kg')).toBeInTheDocument();
    expect(within(card).getByText('1,450 mm')).toBeInTheDocument();
    expect(within(card).getByText('6')).toBeInTheDocument();
    // No price known: a dash, never a guess.
    expect(within(card).getByText('—')).toBeInTheDocument();
    const listed = screen.getByRole('article', { name: 'FANUC M-20iD/25' });
    expect(within(listed).getByText('$30,000–$40,000')).toBeInTheDocument();
    expect(within(listed).getByText('Listed by a supplier')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–20 of 42 robots')).toBeInTheDocument();
  });

  it('keeps filters in the query string, sends them to the API, and Back restores the previous filters', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/robots': (url) =>
        jsonResponse(listAnswer(url.searchParams.get('manufacturer') === 'ABB' ? [abb] : [abb, fanuc, kuka])),
    });
    const { router } = renderRoutes(routes, '/catalog?sort=payload');
    await screen.findByRole('article', { name: 'KUKA KR 10 R1100' });

    const makers = screen.getByRole('group', { name: 'Manufacturer' });
    await user.click(within(makers).getByRole('checkbox', { name: /^ABB/ }));
    await waitFor(() => expect(search(router).get('manufacturer')).toBe('ABB'));
    expect(search(router).get('sort')).toBe('payload');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'KUKA KR 10 R1100' })).not.toBeInTheDocument());

    await user.type(screen.getByLabelText('Minimum rated payload (kg)'), '5');
    await user.type(screen.getByLabelText('Maximum rated payload (kg)'), '20');
    await waitFor(() => expect(search(router).get('maxPayload')).toBe('20'), { timeout: 3000 });
    expect(search(router).get('minPayload')).toBe('5');
    await waitFor(() =>
      expect(Object.fromEntries(defined(callsTo(fetchMock, 'GET', '/api/robots').at(-1)).url.searchParams)).toEqual({
        manufacturer: 'ABB',
        minPayload: '5',
        maxPayload: '20',
        sort: 'payload',
        page: '1',
        limit: '20',
      }),
    );

    // Leaving the minimum field committed it on its own: Back steps through both changes.
    await act(() => router.navigate(-1));
    expect(search(router).get('maxPayload')).toBeNull();
    expect(search(router).get('minPayload')).toBe('5');
    await waitFor(() => expect(screen.getByLabelText('Maximum rated payload (kg)')).toHaveValue(null));
    await act(() => router.navigate(-1));
    expect(search(router).get('manufacturer')).toBe('ABB');
    expect(search(router).get('minPayload')).toBeNull();
    await waitFor(() => expect(screen.getByLabelText('Minimum rated payload (kg)')).toHaveValue(null));

    await act(() => router.navigate(-1));
    expect(search(router).get('manufacturer')).toBeNull();
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: 'Manufacturer' })).getByRole('checkbox', { name: 'Any' })).toBeChecked(),
    );
    expect(await screen.findByRole('article', { name: 'KUKA KR 10 R1100' })).toBeInTheDocument();
  });

  it('takes several makers at once (FANUC and ABB), and unticking one keeps the other', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'GET /api/robots': () => jsonResponse(listAnswer([abb, fanuc, kuka])) });
    const { router } = renderRoutes(routes, '/catalog');
    await screen.findByRole('article', { name: 'KUKA KR 10 R1100' });
    const makers = screen.getByRole('group', { name: 'Manufacturer' });
    await user.click(within(makers).getByRole('checkbox', { name: /^FANUC/ }));
    await waitFor(() => expect(search(router).get('manufacturer')).toBe('FANUC'));
    await user.click(within(screen.getByRole('group', { name: 'Manufacturer' })).getByRole('checkbox', { name: /^ABB/ }));
    await waitFor(() => expect(search(router).get('manufacturer')).toBe('FANUC,ABB'));
    await waitFor(() => expect(defined(callsTo(fetchMock, 'GET', '/api/robots').at(-1)).url.searchParams.get('manufacturer')).toBe('FANUC,ABB'));
    const again = screen.getByRole('group', { name: 'Manufacturer' });
    expect(within(again).getByRole('checkbox', { name: /^FANUC/ })).toBeChecked();
    expect(within(again).getByRole('checkbox', { name: /^ABB/ })).toBeChecked();
    expect(within(again).getByRole('checkbox', { name: 'Any' })).not.toBeChecked();
    await user.click(within(again).getByRole('checkbox', { name: /^FANUC/ }));
    await waitFor(() => expect(search(router).get('manufacturer')).toBe('ABB'));
    await user.click(within(screen.getByRole('group', { name: 'Manufacturer' })).getByRole('checkbox', { name: 'Any' }));
    await waitFor(() => expect(search(router).get('manufacturer')).toBeNull());
  });

  it('debounces typing in the search box into one URL change', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'GET /api/robots': () => jsonResponse(listAnswer([abb])) });
    const { router } = renderRoutes(routes, '/catalog');
    await screen.findByRole('article', { name: 'ABB IRB 1600' });
    await user.type(screen.getByRole('searchbox', { name: 'Search robots' }), 'fanuk');
    await waitFor(() => expect(search(router).get('q')).toBe('fanuk'), { timeout: 2000 });
    const queries = () => callsTo(fetchMock, 'GET', '/api/robots').map((call) => call.url.searchParams.get('q'));
    // One search for the whole word, not one per keystroke.
    await waitFor(() => expect(queries().filter(Boolean)).toEqual(['fanuk']));
  });

  it('says so when a pasted search is longer than the 200 characters read, and searches the first 200 (outside testers)', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /api/robots': () => jsonResponse(listAnswer([abb])) });
    const { router } = renderRoutes(routes, '/catalog');
    await screen.findByRole('article', { name: 'ABB IRB 1600' });
    const box = screen.getByRole('searchbox', { name: 'Search robots' });
    const long = `cobot 10 kg ${'for boxes '.repeat(25)}no FANUC`;
    await user.click(box);
    await user.paste(long);
    // The whole text stays in the box (nothing cut silently) and the note says what is read.
    expect(box).toHaveValue(long);
    expect(screen.getByText('Your text is longer than 200 characters: only the first 200 are read.')).toBeInTheDocument();
    await waitFor(() => expect(search(router).get('q')).toBe(long.slice(0, 200).trim()), { timeout: 2000 });
  });

  it('does not send a payload range whose minimum exceeds the maximum', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /api/robots': () => jsonResponse(listAnswer([abb])) });
    const { router } = renderRoutes(routes, '/catalog');
    await screen.findByRole('article', { name: 'ABB IRB 1600' });
    await user.type(screen.getByLabelText('Minimum rated payload (kg)'), '50');
    await user.type(screen.getByLabelText('Maximum rated payload (kg)'), '5');
    expect(await screen.findByText('The minimum must not exceed the maximum.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 700));
    // The minimum alone was fine (committed on leaving the field); the inconsistent maximum waits.
    expect(search(router).get('minPayload')).toBe('50');
    expect(search(router).get('maxPayload')).toBeNull();
  });

  it('shows an empty state with a way to clear the filters', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/robots': (url) => jsonResponse(listAnswer(url.searchParams.get('category') ? [] : [abb])),
    });
    const { router } = renderRoutes(routes, '/catalog?category=delta');
    expect(await screen.findByRole('heading', { name: 'No robots match' })).toBeInTheDocument();
    await user.click(nth(screen.getAllByRole('button', { name: 'Clear all filters' }), 0));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('article', { name: 'ABB IRB 1600' })).toBeInTheDocument();
  });

  it('says which filters the API refused (400) and offers to clear them', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubApi({
      'GET /api/robots': () => (fail ? errorResponse(400, 'BAD_REQUEST', 'Temporary trouble') : jsonResponse(listAnswer([abb]))),
    });
    renderRoutes(routes, '/catalog?q=abb');
    // A 4xx is not retried automatically, so the error shows at once.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Temporary trouble');
    fail = false;
    // A 400 means the filters are the problem: the way out is clearing them.
    await user.click(within(alert).getByRole('button', { name: 'Clear all filters' }));
    expect(await screen.findByRole('article', { name: 'ABB IRB 1600' })).toBeInTheDocument();
  });

  it('offers Retry when the server fails', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubApi({
      'GET /api/robots': () => (fail ? errorResponse(503, 'UNAVAILABLE', 'Down for a moment') : jsonResponse(listAnswer([abb]))),
    });
    renderRoutes(routes, '/catalog');
    const alert = await screen.findByRole('alert', {}, { timeout: 12_000 });
    expect(alert).toHaveTextContent('The catalog could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'ABB IRB 1600' })).toBeInTheDocument();
  }, 20_000);

  it('picks robots to compare into a tray that links to /compare (at most 4)', async () => {
    const user = userEvent.setup();
    const robots = [abb, fanuc, kuka, buildRobot({ model: 'IRB 4600' }), buildRobot({ model: 'IRB 6700' })];
    stubApi({
      'GET /api/robots': () => jsonResponse(listAnswer(robots)),
      'GET /api/robots/compare': (url) => {
        const ids = defined(url.searchParams.get('ids')).split(',');
        return jsonResponse({ data: ids.map((id) => robots.find((r) => r.id === id)) });
      },
    });
    const { router } = renderRoutes(routes, '/catalog');
    await screen.findByRole('article', { name: 'ABB IRB 1600' });
    await user.click(screen.getByRole('checkbox', { name: 'Compare ABB IRB 1600' }));
    const tray = screen.getByRole('region', { name: 'Compare tray' });
    expect(within(tray).getByText('Pick one more to compare')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Compare FANUC M-20iD/25' }));
    await user.click(screen.getByRole('checkbox', { name: 'Compare KUKA KR 10 R1100' }));
    await user.click(screen.getByRole('checkbox', { name: `Compare ABB ${nth(robots, 3).model}` }));
    expect(screen.getByRole('checkbox', { name: `Compare ABB ${nth(robots, 4).model}` })).toBeDisabled();
    expect(search(router).get('compare')).toBe(robots.slice(0, 4).map((r) => r.id).join(','));
    expect(within(tray).getByRole('link', { name: 'Compare 4 robots' })).toHaveAttribute(
      'href',
      `/compare?ids=${robots.slice(0, 4).map((r) => r.id).join(',')}`,
    );
    await user.click(within(tray).getByRole('button', { name: 'Remove FANUC M-20iD/25 from comparison' }));
    expect(screen.getByRole('checkbox', { name: 'Compare FANUC M-20iD/25' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: `Compare ABB ${nth(robots, 4).model}` })).toBeEnabled();
  });

  it('shows how the search words were read as removable chips, and removing one keeps the rest as explicit filters', async () => {
    const user = userEvent.setup();
    const reading = {
      q: 'palletizer for 40 kg sacks, no FANUC',
      text: null,
      read_as: ['payload 40 kg', 'not FANUC', 'type palletizer', 'for palletizing'],
      filters: { minPayload: '40', excludeManufacturer: 'FANUC', category: 'palletizing', application: 'palletizing' },
      not_applied: ['food-grade: the catalog does not record food-grade ratings yet'],
    };
    const fetchMock = stubApi({
      'GET /api/robots': (url) => jsonResponse({ ...listAnswer([kuka]), ...(url.searchParams.get('q') ? { interpretation: reading } : {}) }),
    });
    const { router } = renderRoutes(routes, `/catalog?q=${encodeURIComponent(reading.q)}`);
    expect(await screen.findByTestId('search-reading')).toHaveTextContent('Read “palletizer for 40 kg sacks, no FANUC” as: payload 40 kg · not FANUC');
    const chips = screen.getByRole('list', { name: 'Filters in force' });
    expect(within(chips).getByRole('button', { name: 'Remove filter Rated payload ≥ 40 kg' })).toBeInTheDocument();
    expect(within(chips).getByRole('button', { name: 'Remove filter Category: Palletizing' })).toBeInTheDocument();
    expect(screen.getByText('food-grade: the catalog does not record food-grade ratings yet')).toBeInTheDocument();

    await user.click(within(chips).getByRole('button', { name: 'Remove filter Not FANUC' }));
    await waitFor(() => expect(search(router).get('minPayload')).toBe('40'));
    expect(search(router).get('excludeManufacturer')).toBeNull();
    expect(search(router).get('category')).toBe('palletizing');
    expect(search(router).get('q')).toBeNull();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/robots').at(-1)?.url.searchParams.get('application')).toBe('palletizing'));
    expect(callsTo(fetchMock, 'GET', '/api/robots').at(-1)?.url.searchParams.get('excludeManufacturer')).toBeNull();
  });

  it('says a figure whose unit is no mass or length in the reading line ("payload 5 lightyears", issue 12 session 15)', async () => {
    const reading = {
      q: 'cobot payload 5 lightyears',
      text: null,
      read_as: ['type cobot'],
      filters: { category: 'collaborative' },
      not_applied: [],
      unknown_units: [
        { slot: 'payload', said: '5 lightyears', message: '"5 lightyears" is not a unit of mass (weight), so the payload was not used: give it in kg, g, t, lb or oz' },
      ],
    };
    stubApi({
      'GET /api/robots': (url) => jsonResponse({ ...listAnswer([kuka]), ...(url.searchParams.get('q') ? { interpretation: reading } : {}) }),
    });
    renderRoutes(routes, `/catalog?q=${encodeURIComponent(reading.q)}`);
    const line = await screen.findByTestId('search-reading');
    expect(line).toHaveTextContent('Read “cobot payload 5 lightyears” as: type cobot');
    expect(line).toHaveTextContent('"5 lightyears" is not a unit of mass (weight), so the payload was not used: give it in kg, g, t, lb or oz');
  });

  it('with only an unknown unit, the line says no requirement was used ("reach 3 parsecs")', async () => {
    const reading = {
      q: 'reach 3 parsecs',
      text: null,
      read_as: [],
      filters: {},
      not_applied: [],
      unknown_units: [{ slot: 'reach', said: '3 parsecs', message: '"3 parsecs" is not a unit of length, so the reach was not used: give it in mm, cm, m, in or ft' }],
    };
    stubApi({
      'GET /api/robots': (url) => jsonResponse({ ...listAnswer([kuka]), ...(url.searchParams.get('q') ? { interpretation: reading } : {}) }),
    });
    renderRoutes(routes, `/catalog?q=${encodeURIComponent(reading.q)}`);
    const line = await screen.findByTestId('search-reading');
    expect(line).toHaveTextContent('Read “reach 3 parsecs” as: no requirement I could use');
    expect(line).toHaveTextContent('"3 parsecs" is not a unit of length, so the reach was not used');
  });

  it('below lg: "Filters" opens the filters in a modal sheet whose "Show N results" follows the filters, then closes it', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/robots': (url) =>
        jsonResponse(url.searchParams.get('manufacturer') === 'ABB' ? listAnswer([abb], { total: 1 }) : listAnswer([abb, fanuc, kuka], { total: 42 })),
    });
    const { router } = renderRoutes(routes, '/catalog');
    await screen.findByRole('article', { name: 'KUKA KR 10 R1100' });
    const opener = screen.getByRole('button', { name: 'Filters' });
    expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
    expect(opener).toHaveAttribute('aria-expanded', 'false');

    await user.click(opener);
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    expect(sheet).toContainElement(document.activeElement as HTMLElement);
    expect(within(sheet).getByRole('button', { name: 'Show 42 results' })).toBeInTheDocument();

    // The sheet's radios are their own groups: choosing in it leaves the side panel's in step, not unchecked.
    await user.click(within(within(sheet).getByRole('group', { name: 'Manufacturer' })).getByRole('checkbox', { name: /^ABB/ }));
    await waitFor(() => expect(search(router).get('manufacturer')).toBe('ABB'));
    expect(await within(sheet).findByRole('button', { name: 'Show 1 result' })).toBeInTheDocument();
    const side = screen.getByRole('complementary', { name: 'Filters' });
    await waitFor(() => expect(within(within(side).getByRole('group', { name: 'Manufacturer' })).getByRole('checkbox', { name: /^ABB/ })).toBeChecked());
    expect(within(within(sheet).getByRole('group', { name: 'Manufacturer' })).getByRole('checkbox', { name: /^ABB/ })).toBeChecked();

    await user.click(within(sheet).getByRole('button', { name: 'Show 1 result' }));
    expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters, 1 active' })).toHaveFocus();
    expect(screen.getByText('Showing 1–1 of 1 robots')).toBeInTheDocument();

    // Escape closes it too.
    await user.click(screen.getByRole('button', { name: 'Filters, 1 active' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
  });
});
