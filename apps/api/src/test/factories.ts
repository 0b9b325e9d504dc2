import request from 'supertest';
import type { Express } from 'express';
import { authResponseSchema, type RegisterRequest, type User } from '@cellforge/contracts';

let counter = 0;

export function buildRegistration(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  counter += 1;
  return {
    email: `user${counter}-${Date.now()}@example.com`,
    password: 'a-long-enough-password',
    first_name: 'Ada',
    last_name: 'Lovelace',
    user_type: 'customer',
    company_name: 'Analytical Engines Ltd',
    phone: '+44 20 7946 0000',
    job_title: 'Engineer',
    website: 'https://example.com',
    company_size: '11-50',
    industry: 'automotive',
    ...overrides,
  };
}

/** Registers through the real endpoint and returns the user and a bearer token. */
export async function registerUser(
  app: Express,
  overrides: Partial<RegisterRequest> = {},
): Promise<{ user: User; token: string; password: string }> {
  const body = buildRegistration(overrides);
  const res = await request(app).post('/auth/register').send(body).expect(201);
  const parsed = authResponseSchema.parse(res.body);
  return { user: parsed.user, token: parsed.token, password: body.password };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
