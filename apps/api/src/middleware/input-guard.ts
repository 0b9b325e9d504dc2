import type { RequestHandler } from 'express';
import { AppError } from '../lib/errors';

/** Deepest nesting a JSON body or query may have; no contract needs more than a few levels. */
export const MAX_INPUT_DEPTH = 20;

/** NUL and the other C0 control characters, except tab, line feed and carriage return (free text keeps those). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * A UTF-16 surrogate without its partner ("\ud800" in JSON): not a Unicode character, so
 * PostgreSQL refuses it in text and json columns (a 500) and no encoder can write it.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type Problem = 'control' | 'surrogate' | 'depth';
type Finding = { path: string; problem: Problem };

/** What is wrong with a string no route can store, or null. */
function textProblem(value: string): 'control' | 'surrogate' | null {
  if (CONTROL_CHARACTERS.test(value)) return 'control';
  if (LONE_SURROGATE.test(value)) return 'surrogate';
  return null;
}

function inspect(value: unknown, path: string, depth: number): Finding | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { path, problem } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_INPUT_DEPTH) return { path, problem: 'depth' };
  for (const [key, child] of Object.entries(value)) {
    // A bad key is named by the path up to it (the key itself may not be printable).
    const keyProblem = textProblem(key);
    if (keyProblem) return { path: path ? `${path}.${sanitizeKey(key)}` : sanitizeKey(key), problem: keyProblem };
    const at = path ? `${path}.${key}` : key;
    const found = inspect(child, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/** A key as it can be shown in a message: without the characters that made it refused. */
const sanitizeKey = (key: string) => key.replace(new RegExp(`${CONTROL_CHARACTERS.source}|${LONE_SURROGATE.source}`, 'g'), '');

const MESSAGES: Record<Problem, (where: string) => string> = {
  control: (where) => `Invalid ${where}: control characters (such as NUL) are not allowed`,
  surrogate: (where) => `Invalid ${where}: lone UTF-16 surrogates (such as \\ud800 without its pair) are not valid text`,
  depth: (where) => `Invalid ${where}: nested more than ${MAX_INPUT_DEPTH} levels deep`,
};
const DETAILS: Record<Problem, string> = {
  control: 'Control characters are not allowed',
  surrogate: 'Lone UTF-16 surrogates are not allowed',
  depth: `Nested more than ${MAX_INPUT_DEPTH} levels deep`,
};

/**
 * Refuses, at the edge and for every route, input no route can store or use: control
 * characters (PostgreSQL refuses NUL in text, which surfaced as a 500), lone UTF-16
 * surrogates (PostgreSQL refuses them in text and json alike, another 500) and nesting
 * deeper than MAX_INPUT_DEPTH (a 5,000-deep object overflowed the stack while being
 * validated or stored). One place instead of a rule in every contract; multipart
 * fields are checked by the upload routes, which parse them.
 */
export const inputGuard: RequestHandler = (req, _res, next) => {
  const found = inspect(req.body, '', 0) ?? inspect(req.query, '', 0);
  if (found) {
    const where = found.path || 'the request';
    throw new AppError('VALIDATION_FAILED', MESSAGES[found.problem](where), { [found.path || '_']: [DETAILS[found.problem]] });
  }
  next();
};

/** True when a multipart text field holds control characters or lone surrogates (the upload routes check their fields with it). */
export const hasControlCharacters = (value: string): boolean => textProblem(value) !== null;

/** True when a text holds a lone UTF-16 surrogate (not valid Unicode; PostgreSQL refuses it). */
export const hasLoneSurrogate = (value: string): boolean => LONE_SURROGATE.test(value);
