import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { ADA, errorResponse, jsonResponse, stubFetch, stubPendingFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { defined } from '@/test/defined';
import { chatAnswer, chatCalls, chatReply, pendingUntilAborted, SessionProbe } from '../test-utils';
import CopilotChat from './copilot-chat';

const PLACEHOLDER = 'Describe your robotics challenge, ask technical questions, or request recommendations...';

function renderCopilot() {
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <SessionProbe />
            <CopilotChat />
          </>
        ),
      },
    ],
    '/',
  );
}

const input = () => screen.getByPlaceholderText(PLACEHOLDER);
const sendButton = () => screen.getByRole('button', { name: 'Send message' });
const log = () => within(screen.getByRole('log', { name: 'Conversation with the robotics copilot' }));
const messages = (author: 'ai' | 'user') => Array.from(document.querySelectorAll<HTMLElement>(`[data-author="${author}"]`));

async function ask(text: string) {
  const user = userEvent.setup();
  await user.type(input(), text);
  await user.keyboard('{Enter}');
  return user;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Home copilot chat', () => {
  it('shows AI messages on the left and user messages on the right, each with its local time', async () => {
    stubFetch(() => chatReply('Hello! What would you like to automate?'));
    renderCopilot();
    await ask('Hello there');
    await log().findByText('Hello! What would you like to automate?');

    const [mine] = messages('user');
    const [reply] = messages('ai');
    expect(mine).toHaveTextContent('Hello there');
    expect(mine).toHaveClass('justify-end');
    expect(reply).toHaveClass('justify-start');
    for (const message of [defined(mine), defined(reply)]) {
      const time = message.querySelector('time');
      const iso = time?.getAttribute('dateTime') ?? '';
      expect(Number.isNaN(Date.parse(iso))).toBe(false);
      expect(time).toHaveTextContent(new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }));
      expect(time?.textContent).not.toBe('');
    }
  });

  it('shows at most 3 follow-ups, 3 next steps and 2 sources under their headings', async () => {
    stubFetch(() =>
      chatReply('Three robots fit.', {
        followUpQuestions: ['What reach do you need?', 'Do you have a budget range?', 'How heavy is the gripper?', 'A fourth?'],
        suggestedActions: ['Compare the M-20iD/25', 'Estimate the payback', 'Browse the catalog', 'A fourth step'],
        sources: [{ manufacturer: 'FANUC', title: 'M-20iD datasheet' }, { manufacturer: 'ABB' }, { manufacturer: 'KUKA' }],
      }),
    );
    renderCopilot();
    await ask('I need a robot for 20 kg boxes');
    const followUps = within(await screen.findByRole('region', { name: 'Questions to help you further' }));
    expect(followUps.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'What reach do you need?',
      'Do you have a budget range?',
      'How heavy is the gripper?',
    ]);
    const steps = within(screen.getByRole('region', { name: 'Recommended next steps' }));
    expect(steps.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Compare the M-20iD/25',
      'Estimate the payback',
      'Browse the catalog',
    ]);
    const sources = within(screen.getByRole('region', { name: 'Sources' }));
    expect(sources.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['FANUC: M-20iD datasheet', 'ABB']);
  });

  it('sends a follow-up question when it is clicked', async () => {
    const fetch = stubFetch(() => chatReply('What payload?', { followUpQuestions: ['What is the heaviest part, in kg?'] }));
    renderCopilot();
    const user = await ask('I need a robot');
    await user.click(await screen.findByRole('button', { name: 'What is the heaviest part, in kg?' }));
    await waitFor(() => expect(chatCalls(fetch)).toHaveLength(2));
    expect(chatCalls(fetch)[1]?.body.message).toBe('What is the heaviest part, in kg?');
    // The clicked button is disabled while the answer loads: focus stays in the conversation.
    expect(screen.getByRole('log', { name: 'Conversation with the robotics copilot' })).toHaveFocus();
    await waitFor(() => expect(messages('user')).toHaveLength(2));
    expect(messages('user')[1]).toHaveTextContent('What is the heaviest part, in kg?');
  });

  it('has the multi-line box with the spec placeholder: Enter sends, Shift+Enter adds a line', async () => {
    const fetch = stubFetch(() => chatReply('ok'));
    renderCopilot();
    const user = userEvent.setup();
    const box = input();
    expect(box.tagName).toBe('TEXTAREA');
    await user.type(box, 'First line');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    await user.type(box, 'second line');
    expect(box).toHaveValue('First line\nsecond line');
    expect(chatCalls(fetch)).toHaveLength(0);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(chatCalls(fetch)).toHaveLength(1));
    expect(chatCalls(fetch)[0]?.body.message).toBe('First line\nsecond line');
    expect(box).toHaveValue('');
  });

  it('disables the send button when blank and while loading, with a spinner; one request at a time', async () => {
    const fetch = stubPendingFetch();
    renderCopilot();
    const user = userEvent.setup();
    expect(sendButton()).toBeDisabled();
    await user.type(input(), '   ');
    expect(sendButton()).toBeDisabled();
    await user.clear(input());
    await user.type(input(), 'Which cobot for 8 kg?');
    expect(sendButton()).toBeEnabled();
    expect(sendButton().querySelector('.animate-spin')).toBeNull();

    await user.click(sendButton());
    expect(sendButton()).toBeDisabled();
    expect(sendButton()).toHaveAttribute('aria-busy', 'true');
    expect(sendButton().querySelector('.animate-spin')).not.toBeNull();

    // Enter while the answer is pending sends nothing more.
    await user.type(input(), 'And a second question{Enter}');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(input()).toHaveValue('And a second question');
  });

  it('suggests lines above the box by the spec rules, and a click adds the line to the text', async () => {
    stubFetch(() => chatReply('Which alarm do you see?', { userIntent: 'troubleshooting', conversationState: 'gathering_info' }));
    renderCopilot();
    const user = userEvent.setup();
    const suggestions = () =>
      Array.from(document.querySelectorAll('[data-input-suggestions] button')).map((b) => b.textContent);

    expect(suggestions()).toEqual([]);
    await user.type(input(), 'hello');
    expect(suggestions()).toEqual([]);
    await user.type(input(), '!');
    expect(suggestions()).toEqual(['Can you provide more details?', 'Do you need step-by-step instructions?']);
    await user.clear(input());
    await user.type(input(), 'my robot');
    expect(suggestions()).toEqual([
      'What is the exact robot model number?',
      'Can you provide more details?',
      'Do you need step-by-step instructions?',
    ]);
    await user.keyboard('{Enter}');
    await log().findByText('Which alarm do you see?');

    // Now the intent is troubleshooting: the error rules come first, 3 lines at most.
    await user.type(input(), 'robot error');
    expect(suggestions()).toEqual([
      'What error code is displayed?',
      'When did this error first appear?',
      'What is the exact robot model number?',
    ]);
    await user.click(screen.getByRole('button', { name: 'What error code is displayed?' }));
    expect(input()).toHaveValue('robot error\nWhat error code is displayed?');
    expect(input()).toHaveFocus();
  });

  it('suggests the application and payload once the intent is robot selection', async () => {
    stubFetch(() => chatReply('What payload?', { userIntent: 'robot_selection', conversationState: 'gathering_info' }));
    renderCopilot();
    const user = await ask('Hi, I want to automate');
    await log().findByText('What payload?');
    await user.type(input(), 'we need to choose');
    expect(Array.from(document.querySelectorAll('[data-input-suggestions] button')).map((b) => b.textContent)).toEqual([
      'What application will the robot be used for?',
      'What payload capacity do you need?',
      'Can you provide more details?',
    ]);
  });

  it('posts message, homepage context, includeRobotData and conversationHistory (anonymous, no bearer)', async () => {
    const fetch = stubFetch(() => chatReply('Hi!'));
    renderCopilot();
    await ask('Hello there');
    await waitFor(() => expect(chatCalls(fetch)).toHaveLength(1));
    const [call] = chatCalls(fetch);
    expect(call?.url).toBe('/ai/chat');
    expect(call?.headers.Authorization).toBeUndefined();
    expect(call?.body).toEqual({
      message: 'Hello there',
      context: {
        page: 'homepage',
        conversationHistory: [],
        userIntent: null,
        robotModel: null,
        application: null,
        stage: 'initial',
        user_context: { authenticated: false, role: null },
        frontend_context: { url: '/', timestamp: expect.any(String) },
      },
      includeRobotData: false,
      conversationHistory: [],
    });
    const timestamp = (call?.body.context.frontend_context as { timestamp: string }).timestamp;
    expect(new Date(timestamp).toISOString()).toBe(timestamp);
  });

  it('sends the bearer token and the role when signed in', async () => {
    window.localStorage.setItem('access_token', 'stored-token');
    const fetch = stubFetch((url) =>
      url.endsWith('/auth/me') ? jsonResponse({ user: { ...ADA, user_type: 'supplier', role: 'supplier' } }) : chatReply('Hi!'),
    );
    renderCopilot();
    await waitFor(() => expect(screen.getByTestId('session-status')).toHaveTextContent('authenticated'));
    await ask('What does a UR10e cost?');
    await waitFor(() => expect(chatCalls(fetch)).toHaveLength(1));
    const [call] = chatCalls(fetch);
    expect(call?.headers.Authorization).toBe('Bearer stored-token');
    expect(call?.body.context.user_context).toEqual({ authenticated: true, role: 'supplier' });
    expect(call?.body.context.robotModel).toBe('UR10e');
  });

  it('sets includeRobotData by the spec words (robot, payload, price...)', async () => {
    const fetch = stubFetch(() => chatReply('ok'));
    renderCopilot();
    await ask('Hello there');
    await log().findByText('ok');
    await ask('Which ROBOT fits?');
    await waitFor(() => expect(chatCalls(fetch)).toHaveLength(2));
    await log().findAllByText('ok');
    await ask('what about the price');
    await waitFor(() => expect(chatCalls(fetch)).toHaveLength(3));
    expect(chatCalls(fetch).map((c) => c.body.includeRobotData)).toEqual([false, true, true]);
  });

  it('moves the conversation state with each reply and sends the history with its metadata', async () => {
    const replies = [
      chatAnswer('What payload?', { conversationState: 'gathering_info', userIntent: 'robot_selection' }),
      chatAnswer('Three robots fit.', { conversationState: 'solution_providing' }),
      chatAnswer('Anything else?', {}),
    ];
    const fetch = stubFetch(() => jsonResponse(replies.shift()));
    renderCopilot();
    const chat = () => document.querySelector('[data-chat="copilot"]');
    expect(chat()).toHaveAttribute('data-stage', 'initial');
    expect(chat()).toHaveAttribute('data-gathering-info', 'true');

    await ask('I need a robot for palletizing');
    await log().findByText('What payload?');
    expect(chat()).toHaveAttribute('data-stage', 'gathering_info');
    expect(chat()).toHaveAttribute('data-gathering-info', 'true');

    await ask('20 kg boxes');
    await log().findByText('Three robots fit.');
    expect(chat()).toHaveAttribute('data-stage', 'solution_providing');
    expect(chat()).toHaveAttribute('data-gathering-info', 'false');

    await ask('thanks');
    await log().findByText('Anything else?');
    // No state in the reply: stage and intent stay.
    expect(chat()).toHaveAttribute('data-stage', 'solution_providing');

    const calls = chatCalls(fetch);
    expect(calls[1]?.body.context).toMatchObject({ stage: 'gathering_info', userIntent: 'robot_selection', application: 'palletizing' });
    expect(calls[1]?.body.conversationHistory).toEqual([
      { role: 'user', content: 'I need a robot for palletizing' },
      { role: 'assistant', content: 'What payload?', metadata: { conversationState: 'gathering_info', userIntent: 'robot_selection' } },
    ]);
    expect(calls[1]?.body.context.conversationHistory).toEqual(calls[1]?.body.conversationHistory);
    expect(calls[2]?.body.context).toMatchObject({ stage: 'solution_providing', userIntent: 'robot_selection' });
  });

  it.each([
    ['an HTTP failure', () => errorResponse(500, 'INTERNAL', 'Something broke'), 'AI service error (500)'],
    ['success false with an error', () => jsonResponse({ ...chatAnswer(''), success: false, error: 'Model overloaded' }), 'Model overloaded'],
    ['success false without an error', () => jsonResponse({ ...chatAnswer(''), success: false, error: null }), 'AI service returned an error'],
  ])('answers %s with the apology, the error and the three follow-ups', async (_, answer, errorText) => {
    stubFetch(answer);
    renderCopilot();
    await ask('Hello there');
    const apology = await log().findByText(
      'I apologize, but I encountered an issue. Please try again or contact support if the issue persists.',
    );
    const message = apology.closest('[data-author="ai"]') as HTMLElement;
    expect(within(message).getByText(errorText)).toBeInTheDocument();
    expect(
      within(within(message).getByRole('region', { name: 'Questions to help you further' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Would you like to try rephrasing your question?',
      'Is there a specific aspect I can help you with?',
      'Should I connect you with technical support?',
    ]);
    expect(sendButton()).toBeDisabled();
    expect(input()).toBeEnabled();
  });

  it('aborts after 30 seconds and asks for a simpler question', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let signal: AbortSignal | undefined;
    stubFetch((_, init) => {
      signal = init.signal ?? undefined;
      return pendingUntilAborted(init);
    });
    renderCopilot();
    fireEvent.change(input(), { target: { value: 'A very long question' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(signal).toBeDefined());

    await act(async () => {
      vi.advanceTimersByTime(29_900);
    });
    expect(signal?.aborted).toBe(false);
    expect(sendButton()).toHaveAttribute('aria-busy', 'true');

    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(signal?.aborted).toBe(true);
    expect(await log().findByText('I apologize, but I encountered an issue. Please try asking a simpler question.')).toBeInTheDocument();
    expect(sendButton()).not.toHaveAttribute('aria-busy');
  });

  it('renders the answer as text: bullets and paragraphs, never HTML', async () => {
    stubFetch(() => chatReply('Two fit:\n- **FANUC** M-20iD/25\n- <img src=x onerror="alert(1)">\n\nCheck the reach.'));
    renderCopilot();
    await ask('Hello there');
    const reply = (await log().findByText('Check the reach.')).closest('[data-author="ai"]') as HTMLElement;
    expect(reply.querySelector('img')).toBeNull();
    const items = within(reply).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['FANUC M-20iD/25', '<img src=x onerror="alert(1)">']);
    expect(within(reply).getByText('FANUC').tagName).toBe('STRONG');
    expect(within(reply).getByText('Two fit:').tagName).toBe('P');
  });
});

describe('Home page', () => {
  it('loads the copilot into its slot', async () => {
    stubFetch(() => jsonResponse({}));
    renderRoutes(routes, '/');
    await screen.findByRole('heading', { level: 1, name: 'CellForge' }, { timeout: 5000 });
    const slot = document.querySelector('[data-slot="copilot-chat"]') as HTMLElement;
    expect(await within(slot).findByPlaceholderText(PLACEHOLDER, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(slot).getByRole('heading', { name: 'Ask the robotics copilot' })).toBeInTheDocument();
  });
});
