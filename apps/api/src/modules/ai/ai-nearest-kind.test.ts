import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { testBackends } from '../../test/create-test-app';
import { linkedIds, listedRobots, useChatApp, type ListedRobot } from './chat-test-kit';
import { extractFacts as parseFacts } from './understanding/facts';

/**
 * Issue 12, feasibility first with the kind kept (session 15), from the buyer's side: when
 * the words the buyer said as a kind (a robot type, a maker) and the figures rule out the
 * whole catalog, the answer says so at once, names what rules it out, and shows the nearest
 * robots OF THAT KIND with how far each misses; it never asks for a missing detail first and
 * never offers another type or maker as "robots that fit". Several types asked ("delta or
 * SCARA") are either type, and the chat's first robots are the search box's.
 */

type Row = ListedRobot;

describe('several robot types asked at once', () => {
  it.each([
    ['8 oz vials, delta or SCARA only', ['scara', 'delta']],
    ['Delta- oder SCARA-Roboter für 300 g Teile', ['scara', 'delta']],
    ['robot SCARA o delta para piezas de 200 g', ['scara', 'delta']],
  ])('"%s" asks for either type', (message, types) => {
    const f = parseFacts(message);
    expect(new Set(f.categories)).toEqual(new Set(types));
    expect(types).toContain(f.category);
  });

  it('one type asked keeps a single category and no list', () => {
    const f = parseFacts('SCARA for 3 kg parts');
    expect(f.category).toBe('scara');
    expect(f.categories).toBeUndefined();
  });
});

describe.each(testBackends)('nothing of the kind asked fits, on %s', (backend) => {
  const { ctx, chat } = useChatApp(backend);
  const catalog = () => listedRobots(ctx().app);
  const linked = linkedIds;

  const cases = [
    // [what the buyer says, the type or maker kept, what must be named, the answer's language words]
    { message: 'I want a SCARA that carries 60 kg', keep: (r: Row) => r.category === 'scara', conflict: /Payload: no SCARA robot in our catalog carries 72 kg/, lang: /Nothing in our catalog fits/ },
    { message: 'Universal Robots arm with 3 m of reach', keep: (r: Row) => r.manufacturer === 'Universal Robots', conflict: /Reach: no Universal Robots robot in our catalog reaches 3,000 mm/, lang: /Nothing in our catalog fits/ },
    { message: 'Ich suche einen SCARA-Roboter mit 3 m Reichweite', keep: (r: Row) => r.category === 'scara', conflict: /Reichweite: kein Roboter des Typs SCARA in unserem Katalog reicht 3\.000 mm weit/, lang: /Nichts in unserem Katalog passt/ },
    { message: 'Busco un robot colaborativo para 300 kg', keep: (r: Row) => r.category === 'collaborative', conflict: /Carga útil: ningún robot de tipo \w+ de nuestro catálogo carga 360 kg/, lang: /Nada en nuestro catálogo encaja/ },
  ];

  for (const c of cases) {
    it(`"${c.message}": says nothing of that kind fits, names why, and shows the nearest of that kind with how far each misses`, async () => {
      const rows = await catalog();
      const answer = await chat({ message: c.message });
      expect(answer.response).toMatch(c.lang);
      expect(answer.response).toMatch(c.conflict);
      // Feasibility first: no detail is asked for when the known ones rule everything out.
      expect(answer.response).not.toMatch(/I still need|brauche ich noch|todavía necesito/i);
      const ids = linked(answer);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) {
        const r = rows.find((x) => x.id === id);
        expect(r && c.keep(r), `${r?.manufacturer} ${r?.model} (${r?.category})`).toBe(true);
      }
      // Each nearest robot says how far it falls short.
      expect(answer.response).toMatch(/\(\d+ ?%\)/);
    });
  }

  it('"collaborative robot for 200 kg, reach 2 m": the heaviest cobots first, each with its payload shortfall; no palletizer named', async () => {
    const rows = await catalog();
    const answer = await chat({ message: 'collaborative robot for 200 kg, reach 2 m' });
    const ids = linked(answer);
    const cobots = rows.filter((r) => r.category === 'collaborative');
    const named = ids.map((id) => rows.find((r) => r.id === id));
    expect(named.every((r) => r?.category === 'collaborative')).toBe(true);
    // The nearest: the first named carries as much as any cobot.
    expect(named[0]?.payload_kg).toBe(Math.max(...cobots.map((r) => r.payload_kg)));
    expect(answer.response).toMatch(/payload [\d,.]+ kg, [\d,.]+ kg \(\d+%\) short/);
  });

  it('"8 oz vials, delta or SCARA only": the chat\'s first three are the search box\'s first three, both types allowed', async () => {
    const rows = await catalog();
    const answer = await chat({ message: '8 oz vials, delta or SCARA only' });
    const search = await request(ctx().app).get('/api/robots').query({ page: 1, limit: 20, q: '8 oz vials, delta or SCARA only' }).expect(200);
    const chatTop = linked(answer).slice(0, 3);
    expect(chatTop).toEqual((search.body.data as Row[]).slice(0, 3).map((r) => r.id));
    for (const id of chatTop) expect(['scara', 'delta']).toContain(rows.find((r) => r.id === id)?.category);
  });
});
