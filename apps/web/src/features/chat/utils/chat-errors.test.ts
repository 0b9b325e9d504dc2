import { describe, expect, it } from 'vitest';
import { ChatRequestError } from '../api/post-chat-message';
import { homeErrorText, homeFailureReply, widgetErrorMessage } from './chat-errors';

const http = (status: number) => new ChatRequestError('http', `AI service error (${status})`, { status });

describe('home chat errors (docs/product.md §8.1)', () => {
  it('names the HTTP status, the server error or the default', () => {
    expect(homeErrorText(http(500))).toBe('AI service error (500)');
    expect(homeErrorText(new ChatRequestError('unsuccessful', 'x', { serverError: 'Model overloaded' }))).toBe('Model overloaded');
    expect(homeErrorText(new ChatRequestError('unsuccessful', 'x'))).toBe('AI service returned an error');
  });

  it('apologises, then suggests a simpler question only when the error mentions timeout', () => {
    expect(homeFailureReply('Request timeout: no answer within 30 seconds')).toBe(
      'I apologize, but I encountered an issue. Please try asking a simpler question.',
    );
    expect(homeFailureReply('Gateway TIMEOUT')).toBe('I apologize, but I encountered an issue. Please try asking a simpler question.');
    expect(homeFailureReply('AI service error (500)')).toBe(
      'I apologize, but I encountered an issue. Please try again or contact support if the issue persists.',
    );
  });
});

describe('widget errors (docs/product.md §8.2)', () => {
  it.each([
    [http(401), 'Please log in again to continue using the AI assistant.'],
    [http(503), 'AI assistant is temporarily offline. Please try again in a moment.'],
    [http(504), 'AI assistant is taking too long to respond. Please try a simpler question.'],
    [http(500), 'AI service error (500). Please try again.'],
    [http(429), 'AI service error (429). Please try again.'],
    [new ChatRequestError('unsuccessful', 'x', { serverError: 'Model overloaded' }), 'Model overloaded'],
    [new ChatRequestError('unsuccessful', 'x'), 'AI service returned an error'],
    [new ChatRequestError('timeout', 'Request timeout'), 'Request timed out. Please try a simpler question.'],
    [new ChatRequestError('network', 'offline'), 'Unable to connect to AI assistant. Please check your connection and try again.'],
    [new ChatRequestError('invalid', 'not json'), "I'm sorry, I'm having trouble connecting right now. Please try again in a moment."],
    [new Error('boom'), "I'm sorry, I'm having trouble connecting right now. Please try again in a moment."],
  ])('%s', (error, message) => {
    expect(widgetErrorMessage(error)).toBe(message);
  });
});
