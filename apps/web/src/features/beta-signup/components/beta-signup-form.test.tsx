import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { bodyOf, errorResponse, jsonResponse, stubFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';

async function renderPage(path = '/beta-signup') {
  renderRoutes(routes, path);
  await screen.findByRole('heading', { level: 1, name: 'Get Early Access' }, { timeout: 5000 });
}

async function fillAndSend() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Name/), 'Ada Lovelace');
  await user.type(screen.getByLabelText(/^Email/), 'Ada@Example.com');
  await user.type(screen.getByLabelText(/^Company/), 'Analytical Engines');
  await user.selectOptions(screen.getByLabelText(/^I am a/), 'integrator');
  await user.type(screen.getByLabelText(/^What do you want to automate/), 'Machine tending');
  await user.click(screen.getByRole('button', { name: 'Get Early Access' }));
}

const fromPostOnly = (answer: () => Response) => (url: string, init: RequestInit) =>
  url === '/api/beta-signups' && init.method === 'POST' ? answer() : jsonResponse({});

describe('Get Early Access', () => {
  it('sends the signup and says the visitor is on the list', async () => {
    const fetchMock = stubFetch(
      fromPostOnly(() =>
        jsonResponse({ success: true, already_registered: false, message: "You're on the list! We'll be in touch." }, { status: 201 }),
      ),
    );
    await renderPage();
    await fillAndSend();
    expect(await screen.findByText("You're on the list! We'll be in touch.")).toBeInTheDocument();
    const call = fetchMock.mock.calls.findIndex(([url]) => url === '/api/beta-signups');
    expect(bodyOf(fetchMock, call)).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: 'Analytical Engines',
      role: 'integrator',
      automation_goal: 'Machine tending',
    });
    expect(screen.queryByRole('form', { name: 'Get Early Access' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the catalog' })).toHaveAttribute('href', '/catalog');
  });

  it('is friendly when the email is already on the list', async () => {
    stubFetch(
      fromPostOnly(() =>
        jsonResponse({ success: true, already_registered: true, message: "You're already on the list — we'll be in touch soon." }),
      ),
    );
    await renderPage();
    await fillAndSend();
    expect(await screen.findByText("You're already on the list — we'll be in touch soon.")).toBeInTheDocument();
    expect(screen.getByText('Your place is kept; there is nothing more to do.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names the missing fields before sending', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Get Early Access' }));
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription('Name is required'));
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('Enter a valid email address');
    expect(screen.getByLabelText(/^I am a/)).toHaveAccessibleDescription('Choose customer, supplier, integrator or other');
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/beta-signups')).toBe(false);
  });

  it("puts the server's field errors on the fields", async () => {
    stubFetch(
      fromPostOnly(() =>
        errorResponse(400, 'VALIDATION_FAILED', 'Invalid email: Enter a valid email address', {
          email: ['Enter a valid email address'],
        }),
      ),
    );
    await renderPage();
    await fillAndSend();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email: Enter a valid email address');
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('Enter a valid email address');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Ada Lovelace');
  });

  it('preselects the role from the link', async () => {
    stubFetch(() => jsonResponse({}));
    await renderPage('/beta-signup?role=supplier');
    expect(screen.getByLabelText(/^I am a/)).toHaveValue('supplier');
  });
});
