import { describe, expect, it } from 'vitest';
import express, { Router } from 'express';
import { listRoutes } from './route-table';

const ok: express.RequestHandler = (_req, res) => {
  res.json({ ok: true });
};

describe('listRoutes', () => {
  it('lists every method and path of nested routers, once each', () => {
    const inner = Router();
    inner.get('/:id', ok);
    inner.route('/:id/items').get(ok).post(ok);
    const outer = Router();
    outer.use('/things', inner);
    outer.delete('/', ok);
    const app = express();
    app.use(express.json());
    app.use('/api', outer);
    app.use('/api', outer);
    app.get('/health', ok);
    expect(listRoutes(app)).toEqual([
      { method: 'GET', path: '/api/things/:id' },
      { method: 'GET', path: '/api/things/:id/items' },
      { method: 'POST', path: '/api/things/:id/items' },
      { method: 'DELETE', path: '/api' },
      { method: 'GET', path: '/health' },
    ]);
  });

  it('refuses what it cannot name instead of skipping it', () => {
    // app.all() registers every method one by one (listed, so each needs a rule); route().all() is one catch-all.
    const withAll = express();
    withAll.route('/any').all(ok);
    expect(() => listRoutes(withAll)).toThrow(/\/any is registered with \.all\(\)/);

    const withSubApp = express();
    withSubApp.use('/legacy', express());
    expect(() => listRoutes(withSubApp)).toThrow(/sub-app is mounted at \/legacy/);

    const withHandler = express();
    const router = Router();
    router.use('/hook', ok);
    withHandler.use('/api', router);
    expect(() => listRoutes(withHandler)).toThrow(/mounted at \/api\/hook/);

    const withArray = express();
    withArray.get(['/a', '/b'], ok);
    expect(() => listRoutes(withArray)).toThrow(/non-string path/);

    const withPattern = express();
    withPattern.use(/^\/re/, Router());
    expect(() => listRoutes(withPattern)).toThrow(/non-string path/);
  });
});
