import { createServer } from 'node:net';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A loopback port free right now (the system picks it). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

/**
 * Where tests/password-reset.spec.ts runs its SMTP server while it runs (mails sent at
 * other times fail: logged, never a failed request). E2E_SMTP_PORT, else a port free when
 * the run starts (not E2E_PORT + n: other runs on the machine use those); set in the
 * environment so the workers, which load this file again, read the same port.
 */
process.env.E2E_SMTP_PORT ||= String(await freePort());
export const smtpPort = Number(process.env.E2E_SMTP_PORT);

/**
 * Browser tests drive the built product (api + perception + web, started by the same
 * script as `pnpm start`) in Debian's Chromium; never a downloaded browser.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node ../scripts/start.mjs',
    url: `http://127.0.0.1:${port}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PERCEPTION_PORT: String(port + 1),
      DATA_DIR: `${process.cwd()}/.data/e2e-${Date.now()}`,
      LOG_LEVEL: 'warn',
      BCRYPT_ROUNDS: '8',
      JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
      // Every browser test signs up from 127.0.0.1: the per-address limits would stop the suite.
      REGISTER_RATE_LIMIT: '10000',
      LOGIN_IP_RATE_LIMIT: '10000',
      // Mail goes to the SMTP server tests/password-reset.spec.ts starts; links point at this server.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'CellForge <no-reply@cellforge.test>',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  },
});
