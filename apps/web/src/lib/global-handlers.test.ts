import { afterEach, describe, expect, it, vi } from 'vitest';
import { installGlobalErrorHandlers } from './global-handlers';

let uninstall: (() => void) | undefined;
afterEach(() => uninstall?.());

function rejectionEvent(reason: unknown): Event {
  const event = new Event('unhandledrejection', { cancelable: true });
  Object.assign(event, { reason, promise: Promise.resolve() });
  return event;
}

describe('installGlobalErrorHandlers', () => {
  it('logs unhandled rejections and stops the default handling', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    uninstall = installGlobalErrorHandlers();
    const reason = new Error('lost promise');
    const event = rejectionEvent(reason);
    window.dispatchEvent(event);
    expect(consoleError).toHaveBeenCalledWith('Unhandled promise rejection', reason);
    expect(event.defaultPrevented).toBe(true);
  });

  it('stops listening once removed', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installGlobalErrorHandlers()();
    window.dispatchEvent(rejectionEvent('x'));
    expect(consoleError).not.toHaveBeenCalled();
  });
});
