import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '@/test/fetch';
import { callsTo, INTEGRATOR, stubApi, type ApiRoutes } from '@/test/marketplace';
import { toastTexts } from '@/test/render';
import { buildProject, PROJECT_STATS } from '@/test/integrator-fixtures';
import { renderDashboard } from '@/test/render-dashboard';
import { nth } from '@/test/defined';
import type { Opportunity } from '../api/get-opportunities';

const BIN_PICKING: Opportunity = {
  id: '30000000-0000-4000-8000-000000000001',
  project_name: 'Bin picking cell',
  customer_company: 'Acme Foods',
  description: 'Pick pouches from a bin onto a conveyor.',
  requirements: {
    application: 'pick-and-place',
    industry: 'food-and-beverage',
    payload_kg: 3,
    reach_mm: 900,
    cycle_time_s: 4,
    budget_usd: 60000,
    city: 'Lyon',
  },
  created_at: '2025-03-01T09:00:00.000Z',
  interest_expressed: false,
};
const WELDING: Opportunity = {
  id: '30000000-0000-4000-8000-000000000002',
  project_name: 'Weld line',
  customer_company: null,
  description: '',
  requirements: { application: null, payload_kg: null },
  created_at: '2025-02-01T09:00:00.000Z',
  interest_expressed: true,
};
const LEAD = {
  id: '20000000-0000-4000-8000-000000000009',
  kind: 'integrator_interest',
  status: 'new',
  message: 'We built 12 bin-picking cells in Lyon.',
  robot: null,
  project: { id: BIN_PICKING.id, project_name: BIN_PICKING.project_name },
  from: { id: INTEGRATOR.id, name: 'Grace Hopper', email: INTEGRATOR.email, company_name: 'CellWorks', phone: null },
  created_at: '2025-03-02T09:00:00.000Z',
  updated_at: '2025-03-02T09:00:00.000Z',
};
const MESSAGE = 'We built 12 bin-picking cells in Lyon.';

/** The Projects tab with one own project and the opportunities the server keeps (interest flags included). */
function stubOpportunities(extra: ApiRoutes = {}, initial: Opportunity[] = [BIN_PICKING, WELDING]) {
  let opportunities = initial;
  const mock = stubApi(
    {
      'GET /api/integrator/projects': () => jsonResponse({ data: [buildProject()] }),
      'GET /api/integrator/projects/stats': () => jsonResponse(PROJECT_STATS),
      'GET /api/integrator/opportunities': () => jsonResponse({ data: opportunities }),
      'POST /api/integrator/opportunities/:id/interest': (url) => {
        const id = url.pathname.split('/')[4];
        opportunities = opportunities.map((o) => (o.id === id ? { ...o, interest_expressed: true } : o));
        return jsonResponse({ data: LEAD }, { status: 201 });
      },
      ...extra,
    },
    { user: INTEGRATOR },
  );
  return mock;
}

async function findSection() {
  return screen.findByRole('region', { name: 'Opportunities' }, { timeout: 5000 });
}

describe('Integrator dashboard: Opportunities (Projects tab)', { timeout: 20_000 }, () => {
  it("lists the shared projects under the integrator's own, with their requirements and interest state", async () => {
    stubOpportunities();
    renderDashboard('?tab=projects');
    const section = await findSection();
    // Below the integrator's own projects.
    const ownProjects = await screen.findByRole('region', { name: 'Project list' });
    expect(ownProjects.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(ownProjects).queryByRole('article', { name: /^Bin picking cell .*sent / })).not.toBeInTheDocument();

    const card = await within(section).findByRole('article', { name: /^Bin picking cell .*sent / });
    expect(within(card).getByRole('heading', { level: 3, name: 'Bin picking cell' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Application: Pick and place');
    expect(card).toHaveTextContent('Customer: Acme Foods');
    expect(card).toHaveTextContent('Pick pouches from a bin onto a conveyor.');
    const fact = (label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(fact('Payload')).toHaveTextContent('3 kg');
    expect(fact('Reach')).toHaveTextContent('900 mm');
    expect(fact('Cycle time')).toHaveTextContent('4 s');
    expect(fact('Budget')).toHaveTextContent('$60,000');
    expect(fact('Industry')).toHaveTextContent('Food and beverage');
    expect(fact('City')).toHaveTextContent('Lyon');
    expect(within(card).getByRole('button', { name: /^Express interest in Bin picking cell .*sent / })).toBeEnabled();
    expect(within(card).queryByText('Interest sent')).not.toBeInTheDocument();

    // The server remembers an interest already sent: no button, the card says so.
    const sent = within(section).getByRole('article', { name: /^Weld line .*sent / });
    expect(sent).toHaveTextContent('Interest sent');
    expect(sent).toHaveTextContent('Your interest was sent.');
    expect(sent).toHaveTextContent('Application: not given');
    expect(sent).toHaveTextContent('No requirements given yet.');
    expect(within(sent).queryByRole('button', { name: /Express interest/ })).not.toBeInTheDocument();
  });

  it('expresses interest with a message: checked first, sent once, and the card shows it was sent', async () => {
    const user = userEvent.setup();
    const fetchMock = stubOpportunities();
    renderDashboard('?tab=projects');
    const section = await findSection();
    const card = await within(section).findByRole('article', { name: /^Bin picking cell .*sent / });
    const loadsBefore = callsTo(fetchMock, 'GET', '/api/integrator/opportunities').length;

    // Keyboard: the button is reachable and opens the dialog with Enter.
    within(card).getByRole('button', { name: /^Express interest in Bin picking cell .*sent / }).focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Express interest' });
    expect(dialog).toHaveTextContent('In “Bin picking cell”.');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    const message = within(dialog).getByRole('textbox', { name: /Message to the customer/ });

    await user.type(message, 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send interest' }));
    expect(await within(dialog).findByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `/api/integrator/opportunities/${BIN_PICKING.id}/interest`)).toHaveLength(0);

    await user.clear(message);
    await user.type(message, MESSAGE);
    await user.click(within(dialog).getByRole('button', { name: 'Send interest' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = callsTo(fetchMock, 'POST', `/api/integrator/opportunities/${BIN_PICKING.id}/interest`);
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(nth(posts, 0).init.body))).toEqual({ message: MESSAGE });
    expect(toastTexts()).toContain('Interest sent to the customer');

    expect(within(card).getByText('Interest sent')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Express interest/ })).not.toBeInTheDocument();
    // Focus is not lost with the button: it moves to the note that replaced it.
    expect(within(card).getByText(/Your interest was sent/)).toHaveFocus();
    // The list is read again, so the server's flag is what stays on screen.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/integrator/opportunities').length).toBeGreaterThan(loadsBefore));
    expect(within(card).getByText('Interest sent')).toBeInTheDocument();
  });

  it('treats a repeated interest (409) as sent, and keeps the dialog open with the reason on other failures', async () => {
    const user = userEvent.setup();
    let answer = () => errorResponse(500, 'INTERNAL', 'Something broke on our side (request abc).');
    let sentElsewhere = false;
    stubOpportunities({
      'GET /api/integrator/opportunities': () => jsonResponse({ data: [{ ...BIN_PICKING, interest_expressed: sentElsewhere }] }),
      'POST /api/integrator/opportunities/:id/interest': () => answer(),
    });
    renderDashboard('?tab=projects');
    const section = await findSection();
    const card = await within(section).findByRole('article', { name: /^Bin picking cell .*sent / });

    await user.click(within(card).getByRole('button', { name: /^Express interest in Bin picking cell .*sent / }));
    const dialog = screen.getByRole('dialog', { name: 'Express interest' });
    await user.type(within(dialog).getByRole('textbox', { name: /Message to the customer/ }), MESSAGE);
    await user.click(within(dialog).getByRole('button', { name: 'Send interest' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something broke on our side (request abc).');
    expect(within(card).getByRole('button', { name: /^Express interest in Bin picking cell .*sent / })).toBeInTheDocument();

    // Sent before (another tab, a lost answer): the server says 409; the card now shows it was sent.
    sentElsewhere = true;
    answer = () => errorResponse(409, 'CONFLICT', 'You have already expressed interest in this project.');
    await user.click(within(dialog).getByRole('button', { name: 'Send interest' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toastTexts()).toContain('You have already expressed interest in this project.');
    expect(within(card).getByText('Interest sent')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Express interest/ })).not.toBeInTheDocument();
  });

  it('shows a connection error with Retry, then the list', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubOpportunities({
      'GET /api/integrator/opportunities': () => {
        if (fail) throw new TypeError('Failed to fetch');
        return jsonResponse({ data: [BIN_PICKING] });
      },
    });
    renderDashboard('?tab=projects');
    const section = await findSection();
    const alert = await within(section).findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Failed to load opportunities. Please check your connection.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByRole('article', { name: /^Bin picking cell .*sent / })).toBeInTheDocument();
    // The integrator's own projects were not affected.
    expect(screen.getByRole('article', { name: 'Line 3 palletizing' })).toBeInTheDocument();
  });

  it("shows the server's reason with Retry on another failure", async () => {
    stubOpportunities({ 'GET /api/integrator/opportunities': () => errorResponse(500, 'INTERNAL', 'The opportunities are not available right now.') });
    renderDashboard('?tab=projects');
    const section = await findSection();
    const alert = await within(section).findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Opportunities could not be loaded');
    expect(alert).toHaveTextContent('The opportunities are not available right now.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says so when no customer shares a project, without a second "No Entry" on the tab', async () => {
    stubOpportunities({ 'GET /api/integrator/projects': () => jsonResponse({ data: [] }) }, []);
    renderDashboard('?tab=projects');
    const section = await findSection();
    expect(await within(section).findByRole('heading', { name: 'No opportunities yet' })).toBeInTheDocument();
    // The tab's own empty list keeps the spec's "No Entry"; there is one on the page.
    expect(await screen.findAllByRole('heading', { name: 'No Entry' })).toHaveLength(1);
    expect(section).toHaveTextContent('No customer has shared a project with integrators yet.');
    expect(within(section).queryByRole('list', { name: 'Opportunities' })).not.toBeInTheDocument();
  });
});
