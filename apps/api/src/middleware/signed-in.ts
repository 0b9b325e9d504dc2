import type { Request, RequestHandler, Response } from 'express';
import { AppError } from '../lib/errors';

/** The signed-in user of a request, as authenticate() verified it from the bearer token. */
export type SignedInUser = NonNullable<Request['auth']>;

/**
 * A route handler for signed-in routes: the user is a typed argument instead of
 * `req.auth!`. Put it after authenticate({ required: true }); without a verified user it
 * answers 401 rather than trusting the chain.
 */
export function signedIn(handler: (req: Request, res: Response, user: SignedInUser) => unknown): RequestHandler {
  return async (req, res) => {
    if (!req.auth) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
    await handler(req, res, req.auth);
  };
}
