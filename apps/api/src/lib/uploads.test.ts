import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express, { type Express } from 'express';
import multer from 'multer';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { testConfig } from '../test/create-test-app';
import { AppError } from './errors';
import { createLogger } from './logger';
import { parseUpload } from './uploads';

/** An app whose one route takes a file through parseUpload and answers as told, with no cleanup of its own. */
function uploadApp(answer: (res: express.Response) => void) {
  const dir = mkdtempSync(path.join(tmpdir(), 'cf-upload-wrapper-'));
  const app = express();
  app.post('/upload', parseUpload(multer({ dest: dir }).single('file'), 'too large'), (_req, res) => answer(res));
  app.use((err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(err instanceof AppError ? err.status : 500).json({ code: 'X' });
  });
  return { app, left: () => readdirSync(dir) };
}

const settle = () => new Promise((r) => setTimeout(r, 100));

describe('the shared upload wrapper removes what it received unless the answer is a success', () => {
  it('removes the file of a refused request although the route registered no cleanup', async () => {
    for (const status of [400, 403, 404, 409, 500]) {
      const { app, left } = uploadApp((res) => void res.status(status).json({ code: 'REFUSED' }));
      await request(app).post('/upload').attach('file', Buffer.from('manufacturer,model\n'), 'a.csv').expect(status);
      await settle();
      expect(left(), String(status)).toEqual([]);
    }
  });

  it('removes the file when the handler throws', async () => {
    const { app, left } = uploadApp(() => {
      throw new AppError('BAD_REQUEST', 'no');
    });
    await request(app).post('/upload').attach('file', Buffer.from('x'), 'a.csv').expect(400);
    await settle();
    expect(left()).toEqual([]);
  });

  it('keeps the file of a success (the route owns it)', async () => {
    const { app, left } = uploadApp((res) => void res.status(201).json({ ok: true }));
    await request(app).post('/upload').attach('file', Buffer.from('x'), 'a.csv').expect(201);
    await settle();
    expect(left()).toHaveLength(1);
  });
});

interface Layer {
  name: string;
  route?: { path: string; methods: Record<string, boolean>; stack: Layer[] };
  handle: { stack?: Layer[] };
}

/** Every route of the app with the names of its handlers. */
function routeHandlers(app: Express): Array<{ route: string; handlers: string[] }> {
  const out: Array<{ route: string; handlers: string[] }> = [];
  const walk = (stack: Layer[], base: string, inherited: string[]) => {
    const mounted: string[] = [];
    for (const layer of stack) {
      if (layer.route) {
        const methods = Object.keys(layer.route.methods).join(',').toUpperCase();
        out.push({ route: `${methods} ${base}${layer.route.path}`, handlers: [...inherited, ...mounted, ...layer.route.stack.map((l) => l.name)] });
      } else if (layer.handle.stack) {
        walk(layer.handle.stack, base + (((layer as unknown as { rawPath?: string }).rawPath ?? '/') === '/' ? '' : (layer as unknown as { rawPath: string }).rawPath), [...inherited, ...mounted]);
      } else mounted.push(layer.name);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '', []);
  return out;
}

describe('the shared upload wrapper cleans the file name', () => {
  it('removes NUL, control characters and lone surrogates from the name the client sent (attacker)', async () => {
    const { app } = uploadApp((res) => void res.status(400).json({ code: 'X' }));
    app.post('/name', parseUpload(multer({ dest: mkdtempSync(path.join(tmpdir(), 'cf-upload-name-')) }).single('file'), 'too large'), (req, res) => {
      res.json({ name: req.file?.originalname });
    });
    const b = '----cf';
    for (const [disposition, want] of [
      ["filename*=UTF-8''cell%00.mp4", 'cell.mp4'],
      ["filename*=UTF-8''ce%01%1Fll%7F.mp4", 'cell.mp4'],
      ["filename*=UTF-8''caf%C3%A9%20%F0%9F%98%80.mp4", 'café 😀.mp4'],
    ] as const) {
      const body = `--${b}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\nContent-Type: video/mp4\r\n\r\nabc\r\n--${b}--\r\n`;
      const res = await request(app).post('/name').set('Content-Type', `multipart/form-data; boundary=${b}`).send(Buffer.from(body)).expect(200);
      expect(res.body.name, disposition).toBe(want);
    }
  });
});

describe('every upload route goes through the shared wrapper', () => {
  it('has no multer middleware outside parseUpload on any route of the app', () => {
    const app = createApp({ db: {} as never, dbKind: 'pglite', config: testConfig({ dataDir: mkdtempSync(path.join(tmpdir(), 'cf-upload-routes-')) }), logger: createLogger('silent') });
    const routes = routeHandlers(app);
    const bare = routes.filter((r) => r.handlers.includes('multerMiddleware'));
    expect(bare.map((r) => r.route)).toEqual([]);
    const uploads = routes.filter((r) => r.handlers.includes('parsedUpload')).map((r) => r.route).sort();
    expect(uploads).toEqual(['POST /api/integrator/bulk-upload/parse', 'POST /api/integrator/upload-video', 'POST /api/supplier/bulk-upload/parse', 'POST /api/supplier/offers/:id/images']);
  });
});
