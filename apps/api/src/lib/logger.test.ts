import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@cellforge/db';
import { createTestDb, testBackends } from '@cellforge/db/testing';
import { createLogger } from './logger';
import { defined } from '../test/defined';

/** A logger at debug level writing into a string. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  return { logger: createLogger('debug', stream), text: () => lines.join('') };
}

const SECRET = 'hunter2-the-password-hash';

describe.each(testBackends)('the logger removes SQL parameters and values from any error on %s (attacker)', (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(backend);
  });
  afterAll(async () => {
    await handle?.close();
  });

  const failedQuery = () => handle.db.execute(sql`select ${SECRET}::int`).then(() => null, (e: unknown) => e as Error);

  it('logs a failed query under any key, at any depth, directly or through a child logger, without the secret', async () => {
    const err = await failedQuery();
    expect(err).toBeInstanceOf(Error);
    // What used to reach the log: the parameters travel on the error and its cause.
    expect(JSON.stringify(err, Object.getOwnPropertyNames(defined(err)))).toContain(SECRET);
    const { logger, text } = capture();
    logger.warn({ err, robotId: 'r1' }, 'robot view not recorded');
    logger.error(err);
    logger.error({ error: err, nested: { failure: err, list: [err] } }, 'nested');
    logger.child({ req: 'x' }).warn({ err }, 'from a child logger');
    logger.warn({ err: (err as { cause?: unknown }).cause }, 'the driver error itself');
    const out = text();
    expect(out.split('\n').filter(Boolean)).toHaveLength(5);
    expect(out).not.toContain(SECRET);
    expect(out).not.toContain('hunter2');
    // The log still says what failed.
    expect(out).toContain('22P02');
    expect(out).toContain('robot view not recorded');
  });

  it('removes the values a database error quotes in its message and detail', () => {
    const dbError = Object.assign(new Error(`duplicate key value violates unique constraint "users_email_unique"`), {
      code: '23505',
      severity: 'ERROR',
      detail: `Key (email)=(${SECRET}@example.com) already exists.`,
      constraint: 'users_email_unique',
      query: `insert into users (email) values ($1)`,
      params: [`${SECRET}@example.com`],
    });
    const wrapped = Object.assign(new Error(`Failed query: insert into users (email) values ($1)\nparams: ${SECRET}@example.com`), { query: 'insert ...', params: [SECRET], cause: dbError });
    const uuidError = Object.assign(new Error(`invalid input syntax for type uuid: "${SECRET}"`), { code: '22P02', severity: 'ERROR' });
    const { logger, text } = capture();
    logger.warn({ err: wrapped }, 'insert failed');
    logger.warn({ err: dbError }, 'driver error');
    logger.warn(uuidError);
    const out = text();
    expect(out).not.toContain(SECRET);
    expect(out).toContain('23505');
    expect(out).toContain('users_email_unique');
  });

  it('keeps ordinary errors and fields as they are', () => {
    const { logger, text } = capture();
    logger.info({ jobs: 3, err: new Error('disk full') }, 'plain');
    const line = JSON.parse(text()) as { jobs: number; err: { message: string; stack?: string }; msg: string };
    expect(line.jobs).toBe(3);
    expect(line.msg).toBe('plain');
    expect(line.err.message).toBe('disk full');
    expect(line.err.stack).toContain('logger.test');
  });
});
