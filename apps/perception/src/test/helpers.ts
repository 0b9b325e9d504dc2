import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Robot } from '@cellforge/contracts';
import { LocalFolderStorage } from '@cellforge/storage';
import { pino } from 'pino';
import { createPerceptionApp, type PerceptionDeps } from '../app';
import { DEFAULT_CONFIG, type PerceptionConfig } from '../env';
import { resolveFfmpeg, type FfmpegTools } from '../ffmpeg';
import { runProcess } from '../process';

export const silentLogger = pino({ level: 'silent' });
export const FIXED_NOW = new Date('2025-01-02T03:04:05.000Z');

let toolsPromise: Promise<FfmpegTools> | undefined;
export function getTools(): Promise<FfmpegTools> {
  toolsPromise ??= resolveFfmpeg();
  return toolsPromise;
}

/** Runs ffmpeg to make a test clip; args are everything between the binary and the output file. */
export async function makeVideo(file: string, args: string[]): Promise<string> {
  const tools = await getTools();
  const result = await runProcess(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file]);
  if (result.code !== 0) throw new Error(`ffmpeg failed making ${file}: ${result.stderrTail.join('\n')}`);
  return file;
}

export interface TestEnv {
  root: string;
  storage: LocalFolderStorage;
  app: ReturnType<typeof createPerceptionApp>;
  cleanup(): Promise<void>;
}

/** An app on a fresh local storage folder, with a fixed clock; deps override anything. */
export async function createTestEnv(deps: Partial<PerceptionDeps> = {}, config: Partial<PerceptionConfig> = {}): Promise<TestEnv> {
  const root = await mkdtemp(path.join(tmpdir(), 'perception-test-'));
  const storage = new LocalFolderStorage(path.join(root, 'uploads'));
  const app = createPerceptionApp({
    logger: silentLogger,
    tools: await getTools(),
    storage,
    clock: () => FIXED_NOW,
    ...deps,
    config: { ...DEFAULT_CONFIG, localRoot: path.join(root, 'uploads'), tmpDir: root, ...config },
  });
  return { root, storage, app, cleanup: () => rm(root, { recursive: true, force: true }) };
}

let robotSeq = 0;
export function buildRobot(overrides: Partial<Robot> = {}): Robot {
  robotSeq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(robotSeq).padStart(12, '0')}`,
    manufacturer: 'TestBots',
    model: `TB-${robotSeq}`,
    category: 'articulated',
    payload_kg: 10,
    reach_mm: 1300,
    dof: 6,
    repeatability_mm: 0.05,
    weight_kg: 40,
    price_min_usd: null,
    price_max_usd: null,
    applications: ['pick-and-place'],
    industries: [],
    description: '',
    datasheet_source: null,
    ip_rating: null,
    cleanroom_iso_class: null,
    food_grade: null,
    mounting: null,
    max_speed_mm_s: null,
    environment_source: null,
    maker_country: null,
    status: 'active',
    owner_id: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A local stand-in for GET /api/robots: honours minPayload, sort=payload, limit and page. */
export async function startFakeCatalog(robots: Robot[]) {
  const requests: URL[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url);
    if (url.pathname !== '/api/robots') {
      res.writeHead(404).end();
      return;
    }
    const min = Number(url.searchParams.get('minPayload') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const page = Number(url.searchParams.get('page') ?? 1);
    const matching = robots.filter((r) => r.payload_kg >= min).sort((a, b) => a.payload_kg - b.payload_kg);
    const data = matching.slice((page - 1) * limit, page * limit);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data, page, limit, total: matching.length, facets: { category: [], manufacturer: [], application: [], industry: [] } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (bound, then closed). */
export async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
