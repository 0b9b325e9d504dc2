import type { ContactRequest } from '@cellforge/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ContactAnswer {
  success: boolean;
  id: string;
  message: string;
}

/** POST /api/contact: stores the message (docs/product.md §7.12). */
export function sendContactMessage(message: ContactRequest): Promise<ContactAnswer> {
  return api.post<ContactAnswer>('/api/contact', message);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
