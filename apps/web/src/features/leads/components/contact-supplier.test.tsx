import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { errorResponse, jsonResponse } from '@/test/fetch';
import { buildRobot, callsTo, CUSTOMER, INTEGRATOR, stubApi, SUPPLIER, type ApiRoutes } from '@/test/marketplace';
import { renderRoutes, toastTexts } from '@/test/render';
import { defined } from '@/test/defined';

const listed = buildRobot({ manufacturer: 'FANUC', model: 'CRX-10iA', owner_id: 'supplier-1' });
const project = {
  id: '10000000-0000-4000-8000-000000000001',
  project_name: 'Line 3 palletizing',
  customer_company: null,
  status: 'Draft',
  owner_id: CUSTOMER.id,
  description: '',
  requirements: { application: null, industry: null, payload_kg: 12, reach_mm: null, cycle_time_s: null, budget_usd: null },
  shared_with_integrators: false,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

function robotRoutes(extra: ApiRoutes = {}): ApiRoutes {
  return {
    'GET /api/robots/:id/similar': () => jsonResponse({ data: [] }),
    'GET /api/robots/:id': () => jsonResponse({ data: listed }),
    'GET /projects': () => jsonResponse({ data: [project] }),
    ...extra,
  };
}

async function openRobot() {
  return screen.findByRole('heading', { level: 1, name: 'FANUC CRX-10iA' }, { timeout: 5000 });
}

describe('Contact supplier', () => {
  it('asks a signed-out visitor to sign in as a customer to request a quote, coming back to this robot', async () => {
    stubApi(robotRoutes());
    renderRoutes(routes, `/robots/${listed.id}`);
    await openRobot();
    expect(screen.getByRole('link', { name: 'Sign in to request a quote' })).toHaveAttribute(
      'href',
      `/auth/customer?redirect=${encodeURIComponent(`/robots/${listed.id}`)}`,
    );
    // One way in for a visitor: no second sign-in link for a question.
    expect(screen.queryByRole('link', { name: 'Sign in to contact the supplier' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Contact supplier' })).not.toBeInTheDocument();
  });

  it.each([
    [SUPPLIER, 'Supplier'],
    [INTEGRATOR, 'System Integrator'],
  ])('tells another role that customers request quotes, and where requests reach them', async (user, roleName) => {
    stubApi(robotRoutes(), { user });
    renderRoutes(routes, `/robots/${listed.id}`);
    await openRobot();
    const note = await screen.findByText((_, element) => element?.tagName === 'SPAN' && element.textContent === `Customers request quotes. You are signed in as a ${roleName}: customers’ requests reach you under Messages.`);
    expect(within(note).getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/messages');
    expect(screen.queryByRole('button', { name: 'Contact supplier' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a quote' })).not.toBeInTheDocument();
  });

  it('lets a customer send a message about the robot, with an optional project', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(
      robotRoutes({
        'POST /api/leads': () =>
          jsonResponse(
            {
              data: {
                id: 'lead-1',
                kind: 'robot_inquiry',
                status: 'new',
                message: 'We need 4 units by March.',
                robot: { id: listed.id, manufacturer: 'FANUC', model: 'CRX-10iA' },
                project: { id: project.id, project_name: project.project_name },
                from: { id: CUSTOMER.id, name: 'Ada Lovelace', email: CUSTOMER.email, company_name: null, phone: null },
                created_at: '2025-01-01T00:00:00.000Z',
                updated_at: '2025-01-01T00:00:00.000Z',
              },
            },
            { status: 201 },
          ),
      }),
      { user: CUSTOMER },
    );
    renderRoutes(routes, `/robots/${listed.id}`);
    await openRobot();
    await user.click(await screen.findByRole('button', { name: 'Contact supplier' }));
    // The form's code loads when the dialog opens (its own chunk): wait for the form, then take the dialog that holds it.
    await screen.findByRole('form', { name: 'Message to the supplier' }, { timeout: 5000 });
    const dialog = screen.getByRole('dialog', { name: 'Contact the supplier' });

    // Too short: the contract's rule, before any call.
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Hi');
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(await within(dialog).findByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/leads')).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: /Message/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'We need 4 units by March.');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Line 3 palletizing' })).toBeInTheDocument());
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Project/ }), 'Line 3 palletizing');
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));

    expect(await within(dialog).findByText(/Your message was sent/)).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/api/leads');
    expect(JSON.parse(String(defined(call).init.body))).toEqual({
      robot_id: listed.id,
      project_id: project.id,
      message: 'We need 4 units by March.',
    });
    await waitFor(() => expect(toastTexts()).toContain('Message sent to the supplier'));
  });

  it("shows the server's 409 message plainly (a robot from the makers' datasheets)", async () => {
    const user = userEvent.setup();
    const message =
      'No supplier lists this robot yet: it comes from the makers’ datasheets. Ask the assistant for suppliers of this model or contact the maker.';
    stubApi(robotRoutes({ 'POST /api/leads': () => errorResponse(409, 'CONFLICT', message) }), { user: CUSTOMER });
    renderRoutes(routes, `/robots/${listed.id}`);
    await openRobot();
    await user.click(await screen.findByRole('button', { name: 'Contact supplier' }));
    // The form's code loads when the dialog opens (its own chunk): wait for the form, then take the dialog that holds it.
    await screen.findByRole('form', { name: 'Message to the supplier' }, { timeout: 5000 });
    const dialog = screen.getByRole('dialog', { name: 'Contact the supplier' });
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Is this robot available?');
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).queryByText(/Your message was sent/)).not.toBeInTheDocument();
  });
});
