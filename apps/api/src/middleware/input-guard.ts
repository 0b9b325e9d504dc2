import type { RequestHandler } from 'express';
import { AppError } from '../lib/errors';

/** Deepest nesting a JSON body or query may have; no contract needs more than a few levels. */
export const MAX_INPUT_DEPTH = 20;

/** NUL and the other C0 control characters, except tab, line feed and carriage return (free text keeps those). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

type Finding = { path: string; problem: 'control' | 'depth' };

function inspect(value: unknown, path: string, depth: number): Finding | null {
  if (typeof value === 'string') return CONTROL_CHARACTERS.test(value) ? { path, problem: 'control' } : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_INPUT_DEPTH) return { path, problem: 'depth' };
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (CONTROL_CHARACTERS.test(key)) return { path: at, problem: 'control' };
    const found = inspect(child, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses, at the edge and for every route, input no route can store or use: control
 * characters (PostgreSQL refuses NUL in text, which surfaced as a 500) and nesting
 * deeper than MAX_INPUT_DEPTH (a 5,000-deep object overflowed the stack while being
 * validated or stored). One place instead of a rule in every contract; multipart
 * fields are checked by the upload routes, which parse them.
 */
export const inputGuard: RequestHandler = (req, _res, next) => {
  const found = inspect(req.body, '', 0) ?? inspect(req.query, '', 0);
  if (found) {
    const where = found.path || 'the request';
    throw new AppError(
      'VALIDATION_FAILED',
      found.problem === 'control'
        ? `Invalid ${where}: control characters (such as NUL) are not allowed`
        : `Invalid ${where}: nested more than ${MAX_INPUT_DEPTH} levels deep`,
      { [found.path || '_']: [found.problem === 'control' ? 'Control characters are not allowed' : `Nested more than ${MAX_INPUT_DEPTH} levels deep`] },
    );
  }
  next();
};

/** True when a multipart text field holds control characters (the upload routes check their fields with it). */
export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTERS.test(value);
