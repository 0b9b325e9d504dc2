import type { BetaSignupRequest, BetaSignupResponse } from '@cellforge/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/beta-signups: 201 when added, 200 with already_registered for an email already on the list. */
export function createBetaSignup(signup: BetaSignupRequest): Promise<BetaSignupResponse> {
  return api.post<BetaSignupResponse>('/api/beta-signups', signup);
}

export function useCreateBetaSignup() {
  return useMutation({ mutationFn: createBetaSignup });
}
