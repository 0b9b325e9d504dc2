/**
 * The API's V8 heap budget (API_MAX_OLD_SPACE_MB): scripts/start.mjs and the Dockerfile
 * turn it into --max-old-space-size, from the same default. It lives here because the
 * bulk upload is what needs it (docs/benchmarks.md, "Bulk import").
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defined } from '../../test/defined';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const startScript = path.join(root, 'scripts/start.mjs');

interface StartModule {
  DEFAULT_API_MAX_OLD_SPACE_MB: number;
  apiHeapFlags(env: Record<string, string | undefined>): string[];
}
// A plain .mjs script outside this package: imported by URL (importing it does not start anything).
const start = (await import(pathToFileURL(startScript).href)) as StartModule;

describe('API_MAX_OLD_SPACE_MB', () => {
  it('defaults to 384 MB when unset or empty', () => {
    expect(start.DEFAULT_API_MAX_OLD_SPACE_MB).toBe(384);
    expect(start.apiHeapFlags({})).toEqual(['--max-old-space-size=384']);
    expect(start.apiHeapFlags({ API_MAX_OLD_SPACE_MB: '' })).toEqual(['--max-old-space-size=384']);
    expect(start.apiHeapFlags({ API_MAX_OLD_SPACE_MB: '  ' })).toEqual(['--max-old-space-size=384']);
  });

  it('passes a whole number of megabytes on, and 0 means no flag (V8 decides)', () => {
    expect(start.apiHeapFlags({ API_MAX_OLD_SPACE_MB: '1024' })).toEqual(['--max-old-space-size=1024']);
    expect(start.apiHeapFlags({ API_MAX_OLD_SPACE_MB: ' 512 ' })).toEqual(['--max-old-space-size=512']);
    expect(start.apiHeapFlags({ API_MAX_OLD_SPACE_MB: '0' })).toEqual([]);
  });

  it('refuses anything else with a message naming the variable', () => {
    for (const bad of ['abc', '384mb', '-1', '1.5', '1e3']) {
      expect(() => start.apiHeapFlags({ API_MAX_OLD_SPACE_MB: bad }), bad).toThrow(/API_MAX_OLD_SPACE_MB must be a whole number of megabytes/);
    }
    expect(() => start.apiHeapFlags({ API_MAX_OLD_SPACE_MB: '32' })).toThrow(/API_MAX_OLD_SPACE_MB=32 is too small/);
  });

  it('stops pnpm start before anything is started when the value is wrong', () => {
    const run = spawnSync(process.execPath, [startScript], {
      cwd: root,
      env: { PATH: process.env.PATH, API_MAX_OLD_SPACE_MB: 'lots' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/API_MAX_OLD_SPACE_MB must be a whole number of megabytes \(0 = no limit\), not "lots"/);
  });

  it('gives the Docker image the same default and the same meaning', () => {
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain(`ENV API_MAX_OLD_SPACE_MB=${start.DEFAULT_API_MAX_OLD_SPACE_MB}`);
    const cmd = defined(dockerfile.split('\n').find((line) => line.startsWith('CMD ')));
    const [shell, flag, script] = JSON.parse(cmd.slice(4)) as string[];
    expect([shell, flag]).toEqual(['/bin/sh', '-c']);
    // Run the command's shell logic with `echo` in place of node.
    const argsFor = (value: string | undefined) => {
      const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
      if (value !== undefined) env.API_MAX_OLD_SPACE_MB = value;
      const run = spawnSync('/bin/sh', ['-c', defined(script).replace('exec node', 'exec echo')], { env, encoding: 'utf8' });
      return { status: run.status, args: run.stdout.trim().split(/\s+/).filter((a) => a.startsWith('--max-old-space-size')), stderr: run.stderr };
    };
    for (const value of [undefined, '', '0', '512']) {
      const expected = start.apiHeapFlags(value === undefined ? {} : { API_MAX_OLD_SPACE_MB: value });
      expect(argsFor(value), String(value)).toMatchObject({ status: 0, args: expected });
    }
    expect(argsFor('abc')).toMatchObject({ status: 1, stderr: expect.stringMatching(/whole number of megabytes/) });
    expect(argsFor('32')).toMatchObject({ status: 1, stderr: expect.stringMatching(/too small/) });
  });
});
