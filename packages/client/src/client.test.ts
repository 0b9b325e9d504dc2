import { describe, expect, it } from 'vitest';
import { CellForgeError, createClient } from './index';

/** The client without a server: what it sends for a call, and what it makes of the answers. */
function recording(answer: () => Response) {
  const sent: Array<{ url: string; init: RequestInit }> = [];
  const client = createClient({
    baseUrl: 'https://cellforge.example.com/',
    token: () => 'cfk_test',
    fetch: (url, init) => {
      sent.push({ url: String(url), init: init ?? {} });
      return Promise.resolve(answer());
    },
  });
  return { client, sent };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('createClient', () => {
  it('sends the method, path, query and JSON body of the operation, with the key as a bearer token', async () => {
    const { client, sent } = recording(() => json(201, { data: { id: 'q1' } }));
    await client.call('createQuoteRequest', { body: { robot_id: 'r1', quantity: 2, timeline: '3 months', notes: 'two cells' } as never }, {}).catch(() => undefined);
    expect(sent[0]?.url).toBe('https://cellforge.example.com/api/quote-requests');
    expect(sent[0]?.init.method).toBe('POST');
    expect((sent[0]?.init.headers as Record<string, string>).authorization).toBe('Bearer cfk_test');
    expect(JSON.parse(String(sent[0]?.init.body))).toMatchObject({ robot_id: 'r1', quantity: 2 });
    expect(client.urlOf('searchRobots', { query: { q: 'palletizer 40 kg', manufacturer: ['ABB', 'KUKA'] as never, page: 2 } }).url).toBe(
      'https://cellforge.example.com/api/robots?q=palletizer+40+kg&manufacturer=ABB%2CKUKA&page=2',
    );
  });

  it('turns an error answer into a CellForgeError with its stable code, and an undocumented status into UNEXPECTED_ANSWER', async () => {
    const refused = recording(() => json(404, { message: 'Robot not found', error: 'Robot not found', code: 'NOT_FOUND' }));
    const error = await refused.client.call('getRobot', { params: { id: 'nope' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CellForgeError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Robot not found' });
    const odd = recording(() => json(203, {}));
    await expect(odd.client.call('health', {})).rejects.toMatchObject({ code: 'UNEXPECTED_ANSWER' });
    const html = recording(() => new Response('<html>proxy error</html>', { status: 502 }));
    await expect(html.client.call('health', {})).rejects.toMatchObject({ status: 502, code: 'UNEXPECTED_ANSWER' });
  });

  it('answers undefined for 204 and the Response itself for a file', async () => {
    const removed = recording(() => new Response(null, { status: 204 }));
    await expect(removed.client.call('deleteOffer', { params: { id: 'o1' } })).resolves.toBeUndefined();
    const csv = recording(() => new Response('row,error\n3,bad', { status: 200, headers: { 'content-type': 'text/csv' } }));
    const file = await csv.client.call('supplierBulkTemplateCsv', {});
    expect(file).toBeInstanceOf(Response);
    expect(await (file as Response).text()).toContain('row,error');
  });
});
