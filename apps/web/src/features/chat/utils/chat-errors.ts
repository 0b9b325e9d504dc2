import { ChatRequestError } from '../api/post-chat-message';
import { HOME_ERRORS, homeHttpError, WIDGET_ERRORS, widgetHttpError } from './chat-messages';

/**
 * docs/product.md §8.1: the error text of a failed request. HTTP failure:
 * "AI service error (status)"; success false: the server's error, or "AI service
 * returned an error"; otherwise the failure's own text (a timeout says "timeout").
 */
export function homeErrorText(error: unknown): string {
  if (error instanceof ChatRequestError) {
    if (error.kind === 'http' && error.status !== undefined) return homeHttpError(error.status);
    if (error.kind === 'unsuccessful') return error.serverError ?? HOME_ERRORS.serviceReturnedError;
    return error.message;
  }
  return error instanceof Error && error.message ? error.message : HOME_ERRORS.serviceReturnedError;
}

/** The home assistant's reply to a failure: the apology, then the advice that fits the error. */
export function homeFailureReply(errorText: string): string {
  const advice = /\btimed?[\s-]*out/i.test(errorText) ? HOME_ERRORS.simplerQuestion : HOME_ERRORS.tryAgain;
  return `${HOME_ERRORS.apology} ${advice}`;
}

/** docs/product.md §8.2: the message the widget shows for a failure. */
export function widgetErrorMessage(error: unknown): string {
  if (!(error instanceof ChatRequestError)) return WIDGET_ERRORS.fallback;
  switch (error.kind) {
    case 'http':
      if (error.status === 401) return WIDGET_ERRORS.unauthorized;
      if (error.status === 503) return WIDGET_ERRORS.unavailable;
      if (error.status === 504) return WIDGET_ERRORS.gatewayTimeout;
      return error.status !== undefined ? widgetHttpError(error.status) : WIDGET_ERRORS.fallback;
    case 'unsuccessful':
      return error.serverError ?? WIDGET_ERRORS.serviceReturnedError;
    case 'timeout':
      return WIDGET_ERRORS.timeout;
    case 'network':
      return WIDGET_ERRORS.network;
    default:
      return WIDGET_ERRORS.fallback;
  }
}
