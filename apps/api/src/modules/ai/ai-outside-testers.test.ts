import { describe, expect, it } from 'vitest';
import request from 'supertest';
import {
  projectMatchesResponseSchema,
  robotListResponseSchema,
  type ChatResponse,
  type RobotListResponse,
} from '@cellforge/contracts';
import { requiredPayloadKg } from '@cellforge/robot-fit';
import { testBackends } from '../../test/create-test-app';
import { robotsNamedIn, useChatApp } from './chat-test-kit';
import { bearer, registerUser } from '../../test/factories';
import type { RobotRow } from '../catalog';
import { defined } from '../../test/defined';

/**
 * Issue 12, outside testers' findings (written from the buyer's side before the fixes):
 * the chat, the catalog search box (GET /api/robots?q=) and project matches read the same
 * words the same way: candidates at once, the budget respected and said plainly when it
 * rules everything out, a reach range as a range, figures rounded for display but filtered
 * exactly, "type palletizer" as the category, the exclusion ending at the comma, one payload
 * margin, and every robot named linked to its page.
 */

describe.each(testBackends)('outside testers’ wordings on %s', (backend) => {
  const { ctx, chat } = useChatApp(backend);
  const search = async (query: Record<string, string | number>): Promise<RobotListResponse> => {
    const res = await request(ctx().app).get('/api/robots').query({ limit: 100, ...query }).expect(200);
    return robotListResponseSchema.parse(res.body);
  };
  const named = async (answer: ChatResponse) => robotsNamedIn(ctx().handle.db, answer.response);
  /** Every robot the chat names is among the search's results for the same words. */
  const expectSearchHolds = (robots: RobotRow[], result: RobotListResponse) => {
    const ids = new Set(result.data.map((r) => r.id));
    for (const r of robots) expect(ids.has(r.id), `${r.manufacturer} ${r.model} is in the search results`).toBe(true);
  };

  it.each(['cobot 10kg', '10 kg cobot', 'collaborative robot for 10 kilos'])('"%s" gives cobot candidates at once, needing 12 kg like the search chip', async (q) => {
    const answer = await chat({ message: q });
    expect(answer.response).not.toMatch(/I still need/);
    const robots = await named(answer);
    expect(robots.length).toBeGreaterThan(0);
    for (const r of robots) {
      expect(r.category, `${r.manufacturer} ${r.model}`).toBe('collaborative');
      expect(r.payloadKg).toBeGreaterThanOrEqual(12);
    }
    // The one detail that would change the ranking most is asked for.
    expect(answer.metadata.followUpQuestions?.join(' ')).toMatch(/reach/i);
    // Same payload margin as the search chip: 10 kg part + 20 % = 12 kg.
    expect(answer.response).toMatch(/12 kg/);
    const result = await search({ q });
    expect(result.interpretation?.filters.minPayload).toBe(String(requiredPayloadKg(10)));
    expect(result.interpretation?.read_as.join(' ')).toMatch(/payload ≥ 12 kg/);
    expectSearchHolds(robots, result);
  });

  it.each(['cobot for 10 kg, budget 30k', 'a 10 kg cobot, max $30,000'])('"%s" respects the budget: says plainly that nothing fits it, as the search does', async (q) => {
    const result = await search({ q });
    expect(result.interpretation?.filters.maxPrice).toBe('30000');
    expect(result.total).toBe(0);
    const answer = await chat({ message: q });
    expect(answer.response).not.toMatch(/I still need/);
    expect(answer.response).toMatch(/nothing in our catalog fits your \$30,000 budget/i);
    const robots = await named(answer);
    expect(robots.length).toBeGreaterThan(0);
    for (const r of robots) {
      expect(r.category).toBe('collaborative');
      expect(r.payloadKg).toBeGreaterThanOrEqual(12);
      expect(answer.response).toContain(`$${defined(r.priceMinUsd).toLocaleString('en-US')}`);
    }
  });

  it('"cobot for 5 kg, budget 40k" names only cobots within the budget, all in the search results', async () => {
    const q = 'cobot for 5 kg, budget 40k';
    const answer = await chat({ message: q });
    const robots = await named(answer);
    expect(robots.length).toBeGreaterThan(0);
    for (const r of robots) {
      expect(r.category).toBe('collaborative');
      expect(r.payloadKg).toBeGreaterThanOrEqual(6);
      expect(defined(r.priceMinUsd)).toBeLessThanOrEqual(40000);
    }
    expectSearchHolds(robots, await search({ q }));
  });

  it.each(['reach between 1 and 1.5 m, 10 kilos', '10 kg parts, reach from 1000 to 1500 mm'])('"%s": a reach range is at least the lower bound and at most the upper, shown as said', async (q) => {
    const answer = await chat({ message: q });
    expect(answer.response).not.toMatch(/M-10iD\/12 does not fully fit/);
    expect(answer.response).not.toMatch(/1,500 mm (reach )?needed/);
    expect(answer.response).toMatch(/1,000[–-]1,500 mm/);
    const robots = await named(answer);
    expect(robots.length).toBeGreaterThan(0);
    for (const r of robots) {
      expect(r.reachMm, `${r.manufacturer} ${r.model}`).toBeGreaterThanOrEqual(1000);
      expect(r.reachMm).toBeLessThanOrEqual(1500);
      expect(r.payloadKg).toBeGreaterThanOrEqual(12);
    }
    const result = await search({ q });
    expect(result.interpretation?.filters).toMatchObject({ minReach: '1000', maxReach: '1500', minPayload: '12' });
    expectSearchHolds(robots, result);
  });

  it.each([
    ['welding robot under 30k', 'welding', 30000],
    ['I need an arc welding robot, budget $10,000', 'welding', 10000],
  ])('"%s" says plainly that nothing fits the budget and names the cheapest with prices', async (q, app, budget) => {
    const result = await search({ q });
    expect(result.total).toBe(0);
    const answer = await chat({ message: q });
    expect(answer.response).toMatch(new RegExp(`nothing in our catalog fits your \\$${budget.toLocaleString('en-US')} budget`, 'i'));
    expect(answer.response).not.toMatch(/I still need/);
    const robots = await named(answer);
    expect(robots.length).toBeGreaterThan(0);
    // The nearest options are the cheapest welding robots, each with its price.
    const cheapest = await search({ application: 'welding,arc-welding,spot-welding', sort: 'price' });
    const lowest = defined(cheapest.data[0]?.price_min_usd);
    for (const r of robots) {
      expect(r.applications.some((a) => a.includes(app)), `${r.manufacturer} ${r.model}`).toBe(true);
      expect(defined(r.priceMinUsd)).toBeGreaterThan(budget);
      expect(answer.response).toContain(`$${defined(r.priceMinUsd).toLocaleString('en-US')}`);
    }
    expect(robots.some((r) => r.priceMinUsd === lowest)).toBe(true);
  });

  it('rounds converted figures for display and filters with the exact value ("2 lb part")', async () => {
    const result = await search({ q: 'pick a 2 lb part' });
    const interpretation = defined(result.interpretation);
    expect(JSON.stringify(interpretation.read_as)).not.toMatch(/\d\.\d{3,}/);
    expect(interpretation.read_as.join(' ')).toMatch(/payload ≥ 1\.09 kg/);
    expect(interpretation.filters.minPayload).toBe(String(requiredPayloadKg(0.90718474)));
    const answer = await chat({ message: 'pick a 2 lb part, reach 500 mm' });
    expect(answer.response).not.toMatch(/\d\.\d{3,} kg/);
    expect(answer.response).toMatch(/1\.09 kg/);
  });

  it.each(['type palletizer', 'palletizer type', 'robot type: palletizer'])('"%s" is the palletizer category', async (q) => {
    const result = await search({ q });
    expect(result.interpretation?.filters.category).toBe('palletizing');
    expect(result.interpretation?.not_applied.join(' ')).not.toMatch(/type/);
    expect(result.total).toBeGreaterThan(0);
    for (const r of result.data) expect(r.category).toBe('palletizing');
  });

  it.each(['anything but UR, cobot', 'no Universal Robots, cobot 5 kg'])('"%s" keeps the cobot category and leaves out Universal Robots', async (q) => {
    const result = await search({ q });
    expect(result.interpretation?.filters).toMatchObject({ category: 'collaborative', excludeManufacturer: 'Universal Robots' });
    expect(result.total).toBeGreaterThan(0);
    for (const r of result.data) {
      expect(r.category).toBe('collaborative');
      expect(r.manufacturer).not.toBe('Universal Robots');
    }
    const answer = await chat({ message: `${q}, 5 kg parts` });
    const robots = await named(answer);
    expect(robots.length).toBeGreaterThan(0);
    for (const r of robots) {
      expect(r.category).toBe('collaborative');
      expect(r.manufacturer).not.toBe('Universal Robots');
    }
  });

  it('project matches use the same payload margin and budget as the chat and the search', async () => {
    const { token } = await registerUser(ctx().app);
    const { body } = await request(ctx().app)
      .post('/projects')
      .set(bearer(token))
      .send({ project_name: 'Cobot cell', description: 'cobot 10kg', requirements: { payload_kg: 10, reach_mm: 1000 } })
      .expect(201);
    const matches = projectMatchesResponseSchema.parse((await request(ctx().app).get(`/projects/${body.data.id}/matches`).set(bearer(token)).expect(200)).body);
    expect(matches.data.length).toBeGreaterThan(0);
    for (const m of matches.data) expect(m.payload_kg).toBeGreaterThanOrEqual(12);
    const reason = defined(matches.data[0]?.reasons.find((r) => r.kind === 'payload'));
    expect(reason.text).toMatch(/needs 12 kg/);
  });

  it('links every robot the answer names to its page', async () => {
    for (const message of ['cobot 10kg', 'welding robot under 30k', 'Palletizing 20 kg boxes, reach 2 m', 'Compare the UR10e and the CRX-10iA']) {
      const answer = await chat({ message });
      const robots = await named(answer);
      const linked = new Set((answer.metadata.robotLinks ?? []).map((l) => l.href));
      // The link covers the model's name, not a table's "$ |" before it.
      for (const l of answer.metadata.robotLinks ?? []) expect(l.text, message).toMatch(/^[\p{L}\p{N}].*[\p{L}\p{N})]$/u);
      expect(robots.length, message).toBeGreaterThan(0);
      for (const r of robots) expect(linked.has(`/robots/${r.id}`), `${message}: ${r.manufacturer} ${r.model}`).toBe(true);
    }
  });
  it.each(['palletizer for 9 kg bags', 'we need a palletizer for bags of 9 kg'])('"%s": the palletizing task, not 110 kg palletizers; the chat names what the search lists', async (q) => {
    const answer = await chat({ message: q });
    const robots = await named(answer);
    expect(robots.length).toBeGreaterThan(0);
    for (const r of robots) {
      expect(r.applications, `${r.manufacturer} ${r.model}`).toContain('palletizing');
      expect(r.payloadKg).toBeGreaterThanOrEqual(requiredPayloadKg(9));
    }
    // Light bags: not only 4-axis palletizers rated for ten times the load.
    expect(robots.some((r) => r.category !== 'palletizing' && r.payloadKg < 40), robots.map((r) => `${r.model} ${r.payloadKg} kg`).join(', ')).toBe(true);
    const result = await search({ q });
    expect(result.interpretation?.filters.category).toBeUndefined();
    expect(result.interpretation?.read_as).not.toContain('type palletizer');
    expectSearchHolds(robots, result);
    // Naming the type keeps the type.
    const typed = await chat({ message: 'type palletizer for 9 kg bags' });
    for (const r of await named(typed)) expect(r.category).toBe('palletizing');
  });
  it.each([
    ['FANUC ZQX-9981', 'FANUC', 'ZQX-9981'],
    ['my fanuc shows QQA-123, what does it mean?', 'FANUC', 'QQA-123'],
    ['Yaskawa alarm 77777', 'Yaskawa', '77777'],
  ])('"%s": a made-up code is not in our verified list for that maker, with what to check and the manual', async (message, maker, code) => {
    const answer = await chat({ message });
    expect(answer.metadata.userIntent).toBe('troubleshooting');
    expect(answer.response).toContain(`${code} is not`);
    expect(answer.response).toMatch(new RegExp(`${maker} alarm code in our verified list`));
    // What to check: the code exactly as displayed and the controller model; where to look it up.
    expect(answer.response).toMatch(/exactly as the pendant displays it/);
    expect(answer.response).toMatch(/controller model/);
    expect(answer.response).toMatch(new RegExp(`Look it up in the ${maker} .*[Mm]anual`));
    expect(answer.response).not.toMatch(/I can help best with robot questions/);
  });
  it.each(['FANUC CRX-10iA for 8 kg parts', 'KUKA KR C4 controller price', 'Yaskawa DX200 and YRC1000 difference'])('"%s": model and controller names are no alarm codes', async (message) => {
    const answer = await chat({ message });
    expect(answer.response).not.toMatch(/in our verified list/);
  });
  it.each(['fanuc srvo062', 'srvo 62 on my fanuc'])('"%s": an alarm typed on a phone is looked up like SRVO-062', async (q) => {
    const answer = await chat({ message: q });
    expect(answer.response).toMatch(/SRVO-062/);
    expect(answer.response).not.toMatch(/I can help best with robot questions/);
  });
});
