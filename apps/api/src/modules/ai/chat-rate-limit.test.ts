import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createLogger } from '../../lib/logger';
import { testBackends, useTestApp } from '../../test/create-test-app';

/**
 * A buyer asking the assistant through a load balancer reaches a different API instance on
 * each question; the per-address limit must count them all (issue 18), not 60 per instance.
 */
describe.each(testBackends)('assistant question limit across API instances on %s', (backend) => {
  const ctx = useTestApp(backend, { chatRateLimit: 3 });

  it('counts questions answered by every instance on the database, and refuses the fourth wherever it lands', async () => {
    const first = ctx().app;
    const second = createApp({ db: ctx().handle.db, dbKind: ctx().handle.kind, config: ctx().config, logger: createLogger('silent') });
    const ask = (app: typeof first) => request(app).post('/ai/chat').send({ message: 'I need a robot' });

    expect((await ask(first)).status).toBe(200);
    expect((await ask(second)).status).toBe(200);
    expect((await ask(first)).status).toBe(200);
    const refused = await ask(second);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many questions in a short time. Please wait a moment and try again.' });
    expect((await ask(first)).status).toBe(429);
  });
});
