/**
 * scripts/start.mjs runs the API and the perception service side by side. A crash of
 * one must not take the other down (issue 19): it is started again after a pause, and
 * one that cannot stay up at all makes start.mjs give up instead of looping.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { defined } from '../test/defined';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

interface Supervisor {
  starts(): Record<string, number>;
  child(name: string): { pid?: number; kill(signal?: string): boolean } | undefined;
  stop(): Promise<void>;
}
interface StartModule {
  restartPolicy(crashes: number[]): number | null;
  supervise(
    services: Array<{ name: string; args: string[] }>,
    options?: { onGiveUp?: (code: number) => void; log?: (line: string) => void },
  ): Supervisor;
  STABLE_RUN_MS: number;
  MAX_QUICK_CRASHES: number;
}
const start = (await import(pathToFileURL(path.join(root, 'scripts/start.mjs')).href)) as StartModule;

const dir = mkdtempSync(path.join(os.tmpdir(), 'cf-supervise-'));
const script = (name: string, body: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, body);
  return file;
};
const until = async (ok: () => boolean, ms = 8000) => {
  for (const t0 = Date.now(); !ok(); ) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('start.mjs restart policy', () => {
  it('waits 1, 2, 4 ... up to 30 s between quick crashes and gives up after five in a row', () => {
    const quick = 100;
    expect(start.restartPolicy([quick])).toBe(1000);
    expect(start.restartPolicy([quick, quick])).toBe(2000);
    expect(start.restartPolicy([quick, quick, quick, quick])).toBe(8000);
    expect(start.restartPolicy(Array(start.MAX_QUICK_CRASHES).fill(quick))).toBeNull();
    // A run that stayed up a minute forgives what came before it.
    expect(start.restartPolicy([quick, quick, quick, quick, start.STABLE_RUN_MS])).toBe(1000);
    expect(start.restartPolicy([quick, quick, quick, start.STABLE_RUN_MS, quick])).toBe(1000);
  });
});

describe('start.mjs supervisor', () => {
  let running: Supervisor | undefined;
  afterEach(async () => {
    await running?.stop();
  });

  it('starts a killed service again and leaves the other running', async () => {
    const idle = script('idle.mjs', 'setInterval(() => {}, 1000);');
    const lines: string[] = [];
    running = start.supervise(
      [
        { name: 'api', args: [idle] },
        { name: 'perception', args: [idle] },
      ],
      { log: (l) => lines.push(l) },
    );
    await until(() => Boolean(defined(running).child('api')?.pid && defined(running).child('perception')?.pid));
    const apiPid = defined(running.child('api')).pid;
    defined(running.child('perception')).kill('SIGKILL');
    await until(() => defined(running).starts().perception === 2, 5000);
    expect(defined(running.child('api')).pid).toBe(apiPid);
    expect(running.starts()).toEqual({ api: 1, perception: 2 });
    expect(lines.join('\n')).toMatch(/perception stopped \(signal SIGKILL\); starting it again in 1 s\. The other services keep running\./);
  });

  it('gives up on a service that cannot stay up', async () => {
    const broken = script('broken.mjs', 'console.error("JWT_SECRET is required"); process.exit(3);');
    let gaveUp: number | undefined;
    const lines: string[] = [];
    // The real pauses: 1 + 2 + 4 + 8 s before the fifth crash gives up.
    running = start.supervise([{ name: 'api', args: [broken] }], { onGiveUp: (code) => (gaveUp = code), log: (l) => lines.push(l) });
    await until(() => gaveUp !== undefined, 25_000);
    expect(gaveUp).toBe(3);
    expect(running.starts().api).toBe(start.MAX_QUICK_CRASHES);
    expect(lines.at(-1)).toMatch(/api stopped \(exit code 3\) 5 times within a minute of starting; giving up/);
  }, 30_000);
});
