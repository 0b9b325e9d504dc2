import type { LoginRequest, ProfileUpdate, RegisterRequest } from '@cellforge/contracts';
import { api } from '@/lib/api-client';

/** POST /auth/login: answer read with readAuthAnswer (docs/product.md §4.1). */
export function postLogin(credentials: LoginRequest): Promise<unknown> {
  return api.post('/auth/login', credentials, { auth: false });
}

/** POST /auth/register with the registration payload. */
export function postRegister(payload: RegisterRequest): Promise<unknown> {
  return api.post('/auth/register', payload, { auth: false });
}

/** GET /auth/me (Bearer): `{ user }` or `{ data: { user } }`. */
export function getMe(signal?: AbortSignal): Promise<unknown> {
  return api.get('/auth/me', { signal });
}

/** PATCH /auth/me (Bearer): the changed profile fields. */
export function patchMe(changes: ProfileUpdate): Promise<unknown> {
  return api.patch('/auth/me', changes);
}

/** POST /auth/verify: `{ valid, user }` (docs/product.md §7.2). */
export function postVerify(token: string): Promise<unknown> {
  return api.post('/auth/verify', { token }, { auth: false });
}
