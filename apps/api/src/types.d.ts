import type { ApiKeyScope, Role, UserType } from '@cellforge/contracts';

declare global {
  namespace Express {
    interface Request {
      /** Set by `authenticate` when a valid bearer token came with the request (or an API key: its user). */
      auth?: { userId: string; userType: UserType; role: Role; email: string };
      /** Set by `authenticateApiKey` when the request came with an API key (`Bearer cfk_...`). */
      apiKey?: { id: string; scopes: readonly ApiKeyScope[] };
    }
  }
}

export {};
