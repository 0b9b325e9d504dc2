import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { LazyCopilotChat } from './lazy-copilot';
import { chatCalls, chatReply } from './test-utils';

const PLACEHOLDER = 'Describe your robotics challenge, ask technical questions, or request recommendations...';

function renderLazyCopilot() {
  const fetchMock = stubFetch((url) => (url.endsWith('/ai/chat') ? chatReply('What payload do you need?') : jsonResponse({})));
  renderRoutes([{ path: '*', element: <LazyCopilotChat page="homepage" /> }], '/');
  return fetchMock;
}

const loadedChat = () => document.querySelector('[data-chat="copilot"]');

describe('LazyCopilotChat', () => {
  it('shows a stand-in with the same box and no conversation code until the visitor reaches for it', async () => {
    renderLazyCopilot();
    expect(screen.getByPlaceholderText(PLACEHOLDER)).toBeInTheDocument();
    expect(screen.getByRole('log', { name: 'Conversation with the robotics copilot' })).toHaveTextContent(
      'Ask about choosing a robot, an alarm on your controller, or the payback of a cell.',
    );
    // Nothing happens on its own: the chat's chunk waits for the visitor.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loadedChat()).toBeNull();
  });

  // The stand-in is driven synchronously (fireEvent), so the text and the Enter reach
  // it before the chat's chunk can resolve, whether or not an earlier test loaded it.
  it('hands what was typed and the focus over to the chat', async () => {
    renderLazyCopilot();
    const standIn = screen.getByPlaceholderText(PLACEHOLDER);
    act(() => {
      standIn.focus();
      fireEvent.change(standIn, { target: { value: 'A robot for 8 kg' } });
    });
    await waitFor(() => expect(loadedChat()).not.toBeNull());
    const box = screen.getByPlaceholderText(PLACEHOLDER);
    expect(box).not.toBe(standIn);
    expect(box).toHaveValue('A robot for 8 kg');
    expect(box).toHaveFocus();
    await userEvent.setup().type(box, ' parts', { skipClick: true });
    expect(box).toHaveValue('A robot for 8 kg parts');
  });

  it('sends a message sent before the chat was ready, once', async () => {
    const fetchMock = renderLazyCopilot();
    const standIn = screen.getByPlaceholderText(PLACEHOLDER);
    act(() => {
      fireEvent.change(standIn, { target: { value: 'Hello there' } });
      fireEvent.keyDown(standIn, { key: 'Enter' });
    });
    const chat = await waitFor(() => {
      const element = loadedChat();
      expect(element).not.toBeNull();
      return element as HTMLElement;
    });
    await within(chat).findByText('What payload do you need?');
    expect(within(chat).getByText('Hello there')).toBeInTheDocument();
    const calls = chatCalls(fetchMock);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({ message: 'Hello there', context: { page: 'homepage' } });
    expect(screen.getByPlaceholderText(PLACEHOLDER)).toHaveValue('');
  });
});
