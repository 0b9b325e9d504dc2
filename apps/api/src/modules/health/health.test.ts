import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { testBackends, useTestApp } from '../../test/create-test-app';

describe.each(testBackends)('GET /health on %s', (backend) => {
  const ctx = useTestApp(backend);
  it('checks the database', async () => {
    const res = await request(ctx().app).get('/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', database: { kind: backend, ok: true } });
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });
});
