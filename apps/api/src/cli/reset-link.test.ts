import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { createDb, passwordResets } from '@cellforge/db';
import { createApp } from '../app';
import { createLogger } from '../lib/logger';
import { apiPidFile } from '../lib/pid-file';
import { hashResetToken } from '../modules/auth/password-reset.service';
import { testBackends, testConfig, useTestApp } from '../test/create-test-app';
import { registerUser } from '../test/factories';
import { resetLinkCommand } from './reset-link-command';
import { defined } from '../test/defined';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NEW_PASSWORD = 'amber lantern over quiet hills';

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

const ENV = { NODE_ENV: 'test', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing', BCRYPT_ROUNDS: '4', PUBLIC_URL: 'https://robots.example.test/', DATA_DIR: '.data/test' };

describe.each(testBackends)('reset-link command on %s (issue 13: operators without SMTP)', (backend) => {
  const ctx = useTestApp(backend);

  it('prints a one-time link that resets the password, and says when it expires', async () => {
    const { user } = await registerUser(ctx().app);
    const run = io();
    expect(await resetLinkCommand([user.email.toUpperCase()], { ...ENV, PASSWORD_RESET_TTL_MINUTES: '30' }, run.io, { db: ctx().handle })).toBe(0);
    expect(run.out).toHaveLength(1);
    const token = /^https:\/\/robots\.example\.test\/reset-password\?token=([\w-]{43})$/.exec(defined(run.out[0]))?.[1];
    expect(token, run.out[0]).toBeTruthy();
    expect(run.err.join('\n')).toMatch(/valid until .* \(30 minutes\)/);
    const [row] = await ctx().handle.db.select().from(passwordResets);
    expect(defined(row).tokenHash).toBe(hashResetToken(defined(token)));

    await request(ctx().app).post('/auth/reset-password').send({ token, password: NEW_PASSWORD }).expect(200);
    await request(ctx().app).post('/auth/login').send({ email: user.email, password: NEW_PASSWORD }).expect(200);
    expect((await request(ctx().app).post('/auth/reset-password').send({ token, password: NEW_PASSWORD }).expect(400)).body.code).toBe('RESET_TOKEN_USED');
  });

  it('exits 1 for an unknown account and 2 for bad arguments, printing no link', async () => {
    for (const [args, code, message] of [
      [['nobody@example.com'], 1, /No account has the e-mail nobody@example.com/],
      [[], 2, /Usage/],
      [['a@example.com', 'b@example.com'], 2, /Usage/],
      [['not-an-email'], 2, /is not an e-mail address/],
    ] as const) {
      const run = io();
      expect(await resetLinkCommand([...args], ENV, run.io, { db: ctx().handle })).toBe(code);
      expect(run.out).toEqual([]);
      expect(run.err.join('\n')).toMatch(message);
    }
    expect(await ctx().handle.db.select().from(passwordResets)).toHaveLength(0);
  });
});

describe('reset-link as operators run it (pnpm --filter @cellforge/api reset-link)', () => {
  it('opens the embedded database of DATA_DIR, prints the link, and refuses while the API holds the database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-reset-link-'));
    const config = testConfig({ dataDir });
    let handle = await createDb({ dataDir: path.join(dataDir, 'pg') });
    const { user } = await registerUser(createApp({ db: handle.db, dbKind: handle.kind, config, logger: createLogger('silent') }));
    await handle.close();

    const env = { ...process.env, ...ENV, DATA_DIR: dataDir, DATABASE_URL: '' };
    const run = (args: string[]) => spawnSync('pnpm', ['run', '--silent', 'reset-link', ...args], { cwd: apiDir, env, encoding: 'utf8', timeout: 60_000 });
    const ok = run([user.email]);
    expect(ok.status, ok.stderr).toBe(0);
    const token = /reset-password\?token=([\w-]{43})/.exec(ok.stdout)?.[1];
    expect(token, ok.stdout).toBeTruthy();
    expect(ok.stderr).toMatch(/One-time password reset link for/);

    // The API running on the same folder (its pid file names a live process): refused, nothing opened.
    writeFileSync(apiPidFile(dataDir), String(process.ppid));
    const refused = run([user.email]);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/is running on the embedded database/);

    handle = await createDb({ dataDir: path.join(dataDir, 'pg') });
    try {
      const app = createApp({ db: handle.db, dbKind: handle.kind, config, logger: createLogger('silent') });
      await request(app).post('/auth/reset-password').send({ token, password: NEW_PASSWORD }).expect(200);
      expect(await handle.db.select().from(passwordResets)).toHaveLength(1);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
