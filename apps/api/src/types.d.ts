import type { Role, UserType } from '@cellforge/contracts';

declare global {
  namespace Express {
    interface Request {
      /** Set by `authenticate` when a valid bearer token came with the request. */
      auth?: { userId: string; userType: UserType; role: Role; email: string };
    }
  }
}

export {};
