import type { ContactRequest, ContactResponse } from '@cellforge/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/typed-api';

export type ContactAnswer = ContactResponse;

/** POST /api/contact: stores the message (docs/product.md §7.12). */
export function sendContactMessage(message: ContactRequest): Promise<ContactAnswer> {
  return callApi('contact', { body: message });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
