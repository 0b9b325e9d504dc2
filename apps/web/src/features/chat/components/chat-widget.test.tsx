import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADA, errorResponse, jsonResponse, stubFetch, stubPendingFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { defined, nth } from '@/test/defined';
import { chatAnswer, chatCalls, chatReply, pendingUntilAborted, SessionProbe } from '../test-utils';
import { ChatWidget } from './chat-widget';

function Layout() {
  return (
    <>
      <SessionProbe />
      <main>
        <Outlet />
      </main>
      <ChatWidget />
    </>
  );
}

function renderWidget(path = '/') {
  return renderRoutes(
    [
      {
        path: '/',
        element: <Layout />,
        children: [
          { index: true, element: <h1>Home</h1> },
          { path: 'roi-calculator', element: <h1>ROI Calculator</h1> },
          { path: 'catalog', element: <h1>Catalog</h1> },
          { path: 'robots/:id', element: <h1>Robot</h1> },
          { path: '*', element: <h1>Other</h1> },
        ],
      },
    ],
    path,
  );
}

async function signIn(userType: string, firstName = 'Ada') {
  window.localStorage.setItem('access_token', 'stored-token');
  return { ...ADA, user_type: userType, role: userType, first_name: firstName, preferences: { units: 'metric' } };
}

const launcher = () => screen.getByRole('button', { name: 'Open AI assistant' });
const dialog = () => screen.getByRole('dialog', { name: 'AI Assistant' });
const widgetInput = () => within(dialog()).getByRole('textbox', { name: 'Message the AI assistant' });
const widgetLog = () => within(dialog()).getByRole('log', { name: 'Conversation with the AI assistant' });
const aiTexts = () => Array.from(widgetLog().querySelectorAll('[data-author="ai"]')).map((m) => m.textContent ?? '');

async function openWidget() {
  const user = userEvent.setup();
  await user.click(launcher());
  await screen.findByRole('dialog', { name: 'AI Assistant' }, { timeout: 5000 });
  await waitFor(() => expect(widgetInput()).toHaveFocus());
  return user;
}

async function askWidget(text: string) {
  const user = userEvent.setup();
  await user.type(widgetInput(), text);
  await user.keyboard('{Enter}');
  return user;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Chat widget', () => {
  it('starts closed as a launcher button, opens, minimizes and closes with focus following', async () => {
    stubFetch(() => chatReply('Hello from the server'));
    renderWidget();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(launcher()).toHaveAttribute('aria-expanded', 'false');

    const user = await openWidget();
    expect(screen.queryByRole('button', { name: 'Open AI assistant' })).not.toBeInTheDocument();
    expect(aiTexts()).toHaveLength(1);
    await askWidget('Hello there');
    await within(widgetLog()).findByText('Hello from the server');

    // Minimize: only the header stays; the restore button takes focus.
    await user.click(within(dialog()).getByRole('button', { name: 'Minimize' }));
    expect(dialog()).toHaveAttribute('data-chat-widget', 'minimized');
    expect(within(dialog()).queryByRole('textbox')).not.toBeInTheDocument();
    const restore = within(dialog()).getByRole('button', { name: 'Open AI assistant' });
    expect(restore).toHaveFocus();

    // Open again: the conversation is still there, the greeting is not repeated.
    await user.click(restore);
    await waitFor(() => expect(widgetInput()).toHaveFocus());
    expect(aiTexts()).toHaveLength(2);
    expect(within(widgetLog()).getByText('Hello from the server')).toBeInTheDocument();

    // Close: the launcher comes back with focus.
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(launcher()).toHaveFocus();
    await user.click(launcher());
    await waitFor(() => expect(widgetInput()).toHaveFocus());
    expect(aiTexts()).toHaveLength(2);
  });

  it('minimizes on Escape, then closes on a second Escape', async () => {
    stubFetch(() => chatReply('ok'));
    renderWidget();
    const user = await openWidget();
    await user.keyboard('{Escape}');
    expect(dialog()).toHaveAttribute('data-chat-widget', 'minimized');
    expect(within(dialog()).getByRole('button', { name: 'Open AI assistant' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(launcher()).toHaveFocus();
  });

  it('greets a visitor on first open, in Customer Mode', async () => {
    stubFetch(() => jsonResponse({}));
    renderWidget('/');
    await openWidget();
    expect(aiTexts()[0]).toContain("Hi! I'm the CellForge AI assistant.");
    expect(within(dialog()).getByText('Customer Mode')).toBeInTheDocument();
  });

  it('greets differently on the ROI page', async () => {
    stubFetch(() => jsonResponse({}));
    renderWidget('/roi-calculator');
    await openWidget();
    expect(aiTexts()[0]).toContain('I can see the figures in your ROI calculator');
  });

  it.each([
    ['customer', 'Customer Mode', 'find the right robot for your task'],
    ['supplier', 'Supplier Mode', 'present your robots to buyers'],
    ['integrator', 'Integrator Mode', 'size robots for your customer projects'],
    ['system_integrator', 'Integrator Mode', 'size robots for your customer projects'],
  ])('greets a signed-in %s by name, in %s', async (userType, mode, words) => {
    const user = await signIn(userType, 'Grace');
    stubFetch((url) => (url.endsWith('/auth/me') ? jsonResponse({ user }) : chatReply('ok')));
    renderWidget('/');
    await waitFor(() => expect(screen.getByTestId('session-status')).toHaveTextContent('authenticated'));
    await openWidget();
    expect(aiTexts()[0]).toContain('Welcome back, Grace!');
    expect(aiTexts()[0]).toContain(words);
    expect(within(dialog()).getByText(mode)).toBeInTheDocument();
  });

  it('says so when a pasted message is longer than the 4,000 characters read, and sends the first 4,000 (outside testers)', async () => {
    const fetch = stubFetch(() => chatReply('ok'));
    renderWidget();
    const user = await openWidget();
    const long = `cobot 10 kg ${'x'.repeat(4100)}`;
    await user.click(widgetInput());
    await user.paste(long);
    expect(widgetInput()).toHaveValue(long);
    expect(within(dialog()).getByText('Your text is longer than 4,000 characters: only the first 4,000 are read.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(chatCalls(fetch)).toHaveLength(1));
    expect(nth(chatCalls(fetch), 0).body.message).toBe(long.slice(0, 4000));
  });

  it('sends on Enter but not Shift+Enter, and one request at a time', async () => {
    const fetch = stubPendingFetch();
    renderWidget();
    const user = await openWidget();
    await user.type(widgetInput(), 'Line one');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(widgetInput()).toHaveValue('Line one\n');
    expect(fetch).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(fetch).toHaveBeenCalledTimes(1);
    const send = within(dialog()).getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    expect(send.querySelector('.animate-spin')).not.toBeNull();

    await user.type(widgetInput(), 'Second{Enter}');
    fireEvent.submit(defined(widgetInput().closest('form')));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('links the robots an answer names to their pages, and a selection to the catalog; other links are not trusted', async () => {
    stubFetch(() =>
      chatReply('Three catalog robots that fit:\n- ABB IRB 460 (palletizing): 110 kg\n- KUKA KR 40 PA: 40 kg', {
        robotLinks: [
          { text: 'ABB IRB 460', name: 'ABB IRB 460', href: '/robots/robot-460' },
          { text: 'KUKA KR 40 PA', name: 'KUKA KR 40 PA', href: 'https://evil.example/robots/1' },
        ],
        catalogHref: '/catalog?minPayload=48&excludeManufacturer=FANUC',
      }),
    );
    const { router } = renderWidget();
    const user = await openWidget();
    await askWidget('Palletizer for 40 kg sacks, no FANUC');
    const link = await within(dialog()).findByRole('link', { name: 'ABB IRB 460' });
    expect(link).toHaveAttribute('href', '/robots/robot-460');
    expect(within(dialog()).queryByRole('link', { name: 'KUKA KR 40 PA' })).toBeNull();
    expect(within(dialog()).getByText(/KUKA KR 40 PA/)).toBeInTheDocument();
    const more = within(dialog()).getByRole('link', { name: 'See every matching robot in the catalog' });
    expect(more).toHaveAttribute('href', '/catalog?minPayload=48&excludeManufacturer=FANUC');
    // "Request a quote" (spelled as on the robot and compare pages) opens the request form on the robot's page; an untrusted link gets none.
    expect(within(dialog()).getByText('Request a quote:')).toBeInTheDocument();
    expect(within(dialog()).getByRole('link', { name: 'Request a quote for the ABB IRB 460' })).toHaveAttribute('href', '/robots/robot-460?quote=1');
    expect(within(dialog()).queryByRole('link', { name: /Request a quote for the KUKA/ })).toBeNull();
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/robots/robot-460'));
  });

  it('sends the page, filters, user and frontend context of a catalog page', async () => {
    const fetch = stubFetch(() => chatReply('ok'));
    renderWidget('/catalog?manufacturer=FANUC&minPayload=5&maxPrice=60000&q=arm&page=2');
    await openWidget();
    await askWidget('Hello there');
    await waitFor(() => expect(chatCalls(fetch)).toHaveLength(1));
    const [call] = chatCalls(fetch);
    expect(call?.headers.Authorization).toBeUndefined();
    expect(call?.body).toEqual({
      message: 'Hello there',
      context: {
        page: 'catalog',
        robotId: null,
        filters: { manufacturer: 'FANUC', minPayload: '5', maxPrice: '60000' },
        roiData: null,
        user_context: { authenticated: false, role: null, preferences: {} },
        frontend_context: {
          url: '/catalog',
          search: '?manufacturer=FANUC&minPayload=5&maxPrice=60000&q=arm&page=2',
          timestamp: expect.any(String),
        },
      },
      // The catalog page always asks for robot data.
      includeRobotData: true,
      // The greeting is the widget's own: it is not part of the history.
      conversationHistory: [],
    });
  });

  it('sends the robot of a robot page, the history, and the bearer with the role and preferences', async () => {
    const user = await signIn('integrator');
    const fetch = stubFetch((url) => (url.endsWith('/auth/me') ? jsonResponse({ user }) : chatReply('It fits.', { conversationState: 'solution_providing' })));
    renderWidget('/robots/robot-42');
    await waitFor(() => expect(screen.getByTestId('session-status')).toHaveTextContent('authenticated'));
    await openWidget();
    await askWidget('Does this fit?');
    await within(widgetLog()).findByText('It fits.');
    await askWidget('Thanks');
    await waitFor(() => expect(chatCalls(fetch)).toHaveLength(2));
    const [first, second] = chatCalls(fetch);
    expect(first?.headers.Authorization).toBe('Bearer stored-token');
    expect(first?.body.context).toMatchObject({
      page: 'robot_detail',
      robotId: 'robot-42',
      user_context: { authenticated: true, role: 'integrator', preferences: { units: 'metric' } },
    });
    expect(first?.body.includeRobotData).toBe(true);
    expect(second?.body.conversationHistory).toEqual([
      { role: 'user', content: 'Does this fit?' },
      { role: 'assistant', content: 'It fits.', metadata: { conversationState: 'solution_providing' } },
    ]);
  });

  it('sends the ROI figures of roiDataUpdate as context.roiData, and asks for them when it mounts', async () => {
    const requests = vi.fn();
    window.addEventListener('roiDataRequest', requests);
    const fetch = stubFetch(() => chatReply('ok'));
    renderWidget('/roi-calculator');
    expect(requests).toHaveBeenCalled();
    window.removeEventListener('roiDataRequest', requests);

    act(() => {
      window.dispatchEvent(
        new CustomEvent('roiDataUpdate', {
          detail: {
            inputs: { robotCost: 95000, qualitySavingsPerYear: 5000 },
            results: { paybackMonths: 20.1, annualSavings: 89400, upfrontCost: 150000, roiPercent: 198, yearly: [{ year: 0 }] },
          },
        }),
      );
    });
    await openWidget();
    await askWidget('Is my payback good?');
    await waitFor(() => expect(chatCalls(fetch)).toHaveLength(1));
    expect(chatCalls(fetch)[0]?.body.context).toMatchObject({
      page: 'roi_calculator',
      roiData: {
        paybackMonths: 20.1,
        annualSavings: 89400,
        upfrontCost: 150000,
        roiPercent: 198,
        inputs: { robotCost: 95000, qualitySavingsPerYear: 5000 },
      },
    });
    expect(chatCalls(fetch)[0]?.body.context.roiData).not.toHaveProperty('yearly');
  });

  it('opens on openChatWidget and sends its message with its robot and page', async () => {
    const fetch = stubFetch(() => chatReply('The robot carries 10 kg.'));
    const { router } = renderWidget('/');
    act(() => {
      window.dispatchEvent(
        new CustomEvent('openChatWidget', { detail: { robotId: 'robot-7', page: 'robot_detail', message: 'What can it carry?' } }),
      );
    });
    await screen.findByRole('dialog', { name: 'AI Assistant' }, { timeout: 5000 });
    await within(widgetLog()).findByText('The robot carries 10 kg.');
    expect(chatCalls(fetch)[0]?.body).toMatchObject({
      message: 'What can it carry?',
      context: { page: 'robot_detail', robotId: 'robot-7' },
      includeRobotData: true,
    });

    // That context belongs to the page it came from.
    await act(async () => {
      await router.navigate('/about');
    });
    await askWidget('Hello there');
    await waitFor(() => expect(chatCalls(fetch)).toHaveLength(2));
    expect(chatCalls(fetch)[1]?.body.context).toMatchObject({ page: 'general', robotId: null });
  });

  it('opens on openChatWidget without a message, ready to type, sending nothing', async () => {
    const fetch = stubFetch(() => chatReply('ok'));
    renderWidget('/robots/robot-7');
    act(() => {
      window.dispatchEvent(new CustomEvent('openChatWidget', { detail: { robotId: 'robot-7', page: 'robot_detail' } }));
    });
    await screen.findByRole('dialog', { name: 'AI Assistant' }, { timeout: 5000 });
    await waitFor(() => expect(widgetInput()).toHaveFocus());
    expect(chatCalls(fetch)).toHaveLength(0);
  });

  it('puts an openChatWidget message in the box while a request is in flight', async () => {
    const fetch = stubPendingFetch();
    renderWidget('/');
    await openWidget();
    await askWidget('First question');
    expect(fetch).toHaveBeenCalledTimes(1);
    act(() => {
      window.dispatchEvent(new CustomEvent('openChatWidget', { detail: { page: 'compare', robotIds: ['a', 'b'], message: 'Which is faster?' } }));
    });
    await waitFor(() => expect(widgetInput()).toHaveValue('Which is faster?'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['401', () => errorResponse(401, 'TOKEN_INVALID', 'Invalid token'), 'Please log in again to continue using the AI assistant.'],
    ['503', () => errorResponse(503, 'SERVICE_UNAVAILABLE', 'down'), 'AI assistant is temporarily offline. Please try again in a moment.'],
    ['504', () => errorResponse(504, 'UPSTREAM_TIMEOUT', 'slow'), 'AI assistant is taking too long to respond. Please try a simpler question.'],
    ['500', () => errorResponse(500, 'INTERNAL', 'boom'), 'AI service error (500). Please try again.'],
    ['429', () => errorResponse(429, 'RATE_LIMITED', 'slow down'), 'AI service error (429). Please try again.'],
    ['success false with an error', () => jsonResponse({ ...chatAnswer(''), success: false, error: 'Model overloaded' }), 'Model overloaded'],
    ['success false without one', () => jsonResponse({ ...chatAnswer(''), success: false, error: null }), 'AI service returned an error'],
    [
      'a network failure',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Unable to connect to AI assistant. Please check your connection and try again.',
    ],
    [
      'an answer that is not a chat answer',
      () => new Response('<html>gateway</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
      "I'm sorry, I'm having trouble connecting right now. Please try again in a moment.",
    ],
  ])('says the spec message for %s', async (_, answer, message) => {
    stubFetch(answer);
    renderWidget();
    await openWidget();
    await askWidget('Hello there');
    const shown = await within(widgetLog()).findByText(message);
    expect(shown.closest('[data-author="ai"]')).toBeInTheDocument();
    // The input is usable again.
    expect(within(dialog()).getByRole('button', { name: 'Send message' })).not.toHaveAttribute('aria-busy');
  });

  it('says the request timed out after 30 seconds', async () => {
    stubFetch((_, init) => pendingUntilAborted(init));
    renderWidget();
    await openWidget();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(widgetInput(), { target: { value: 'Hello there' } });
    fireEvent.keyDown(widgetInput(), { key: 'Enter' });
    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });
    expect(await within(widgetLog()).findByText('Request timed out. Please try a simpler question.')).toBeInTheDocument();
  });
});
