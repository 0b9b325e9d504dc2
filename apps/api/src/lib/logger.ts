import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** How deep a logged object is searched for errors (log objects are shallow; req/res are class instances and not entered). */
const MAX_SCRUB_DEPTH = 4;
/** Causes followed when an error is made loggable. */
const MAX_CAUSES = 3;

/** Quoted text in a database message ("invalid input syntax for type uuid: "<the value>"") is the client's value. */
const QUOTED = /"[^"]*"|'[^']*'/g;

interface DbishError {
  code?: unknown;
  severity?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** A database error: a failed query (drizzle: `query`/`params`; PGlite: the same on its own error) or a driver error with a SQLSTATE. */
function isDatabaseError(err: Error): boolean {
  const e = err as DbishError;
  return 'params' in err || 'query' in err || (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string');
}

/**
 * What of an error goes to the log. A failed database query carries its SQL and every
 * parameter (a user's e-mail, message or password hash) on the error and on its cause,
 * and the database's own message and detail quote values ("invalid input syntax for type
 * uuid: "..."", "Key (email)=(...) already exists"): for those the log keeps the query's
 * first line, the message with quoted values masked, the SQLSTATE and the constraint,
 * never a value. Other errors keep their type, message and stack. Causes are followed.
 */
export function loggableError(err: unknown, causes = MAX_CAUSES): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const e = err as DbishError;
  const cause = causes > 0 && e.cause !== undefined ? loggableError(e.cause, causes - 1) : undefined;
  if (!isDatabaseError(err)) return { type: err.name, message: err.message, stack: err.stack, ...(cause ? { cause } : {}) };
  const [head = ''] = err.message.split('\n');
  const firstLine = head.replace(/\s*params:.*$/s, '');
  const message = firstLine.startsWith('Failed query:') ? firstLine : firstLine.replace(QUOTED, '"…"');
  const dbCode = typeof e.code === 'string' ? e.code : (cause?.dbCode as string | undefined);
  const constraint = typeof e.constraint === 'string' ? e.constraint : (cause?.constraint as string | undefined);
  return { type: err.name, message: message.slice(0, 300), dbCode, constraint, ...(cause ? { cause } : {}) };
}

const isPlain = (value: object) => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/** The value with every Error in it (plain objects and arrays, a few levels deep) made loggable; the same value when none is found. */
function scrub(value: unknown, depth: number): unknown {
  if (value instanceof Error) return loggableError(value);
  if (value === null || typeof value !== 'object' || depth >= MAX_SCRUB_DEPTH) return value;
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const next = scrub(item, depth + 1);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : value;
  }
  if (!isPlain(value)) return value;
  let out: Record<string, unknown> | null = null;
  for (const [key, child] of Object.entries(value)) {
    const next = scrub(child, depth + 1);
    if (next !== child) (out ??= { ...(value as Record<string, unknown>) })[key] = next;
  }
  return out ?? value;
}

/**
 * The app's logger. Redaction is the logger's own: every Error logged, wherever it sits
 * in the log object (`{ err }`, `{ error }`, nested, an array) or passed alone
 * (`log.warn(err)`), goes through loggableError first, so no call site (a route's
 * `req.log.warn({ err })`, pino-http's child loggers) can print a query's parameters or
 * a value the database quoted. Secrets in request headers and password fields are removed.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.password_hash'], remove: true },
    hooks: {
      logMethod(this: Logger, args: Parameters<Logger['info']>, method: (...a: unknown[]) => void) {
        const [first, ...rest] = args as unknown[];
        if (first instanceof Error) {
          const err = loggableError(first);
          // pino would take the message from the error itself; a query error's message holds its parameters.
          return method.apply(this, rest.length ? [{ err }, ...rest] : [{ err }, String(err.message)]);
        }
        return method.apply(this, [scrub(first, 0), ...rest]);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * A request URL as logged: the path and the query's names, never its values ("/reset-password?token=…").
 * A value may be a secret (a password-reset token) or personal (a search, an e-mail).
 */
export function withoutQueryValues(url: string | undefined): string | undefined {
  if (!url) return url;
  const at = url.indexOf('?');
  if (at === -1) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${url.slice(0, at)}?${names.join('&')}`;
}
