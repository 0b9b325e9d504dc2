import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fetch';
import { buildRobot, listAnswer, stubApi } from '@/test/marketplace';
import { getRobot } from './get-robot';
import { getRobots } from './get-robots';

afterEach(() => vi.unstubAllGlobals());

// The schemas load on demand (not with the page); the answer is still checked against them.
describe('catalog reads check the answer with the contract schemas', () => {
  it('reads a well-formed list', async () => {
    const robot = buildRobot({ manufacturer: 'ABB', model: 'IRB 1600' });
    stubApi({ 'GET /api/robots': () => jsonResponse(listAnswer([robot], { total: 1 })) });
    const answer = await getRobots({ page: 1 });
    expect(answer.data.map((r) => r.model)).toEqual(['IRB 1600']);
    expect(answer.total).toBe(1);
  });

  it('turns a malformed list or robot into an error the page can show', async () => {
    stubApi({
      'GET /api/robots': () => jsonResponse({ data: [{ id: 7 }] }),
      'GET /api/robots/r-1': () => jsonResponse({ data: { id: 'r-1', payload_kg: 'heavy' } }),
    });
    await expect(getRobots({ page: 1 })).rejects.toThrow('The server sent an answer this page cannot read.');
    await expect(getRobot('r-1')).rejects.toThrow('The server sent an answer this page cannot read.');
  });
});
