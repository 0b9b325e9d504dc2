import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import {
  MAX_FOLLOW_UPS,
  MAX_SOURCES,
  MAX_SUGGESTED_ACTIONS,
  chatResponseSchema,
  compareRobotsResponseSchema,
  errorBodySchema,
  recommendRobotsResponseSchema,
  type ChatHistoryEntry,
  type ChatRequest,
  type ChatResponse,
} from '@cellforge/contracts';
import { robots, seedCatalog, type Database } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { findRobotsByModelKeys, type RobotRow } from '../catalog';
import { findNamedRobots } from './advisor/mentions';
import { createModelNameIndex } from './advisor/model-index';
import { normalizeModel } from './understanding/models';
import { defined, nth } from '../../test/defined';

async function robotByModel(db: Database, model: string): Promise<RobotRow> {
  const [row] = await findRobotsByModelKeys({ db }, [normalizeModel(model)]);
  if (!row) throw new Error(`${model} is not in the seed catalog`);
  return row;
}

/** The catalog robots an answer names, and any model-like names that are not in the catalog. */
async function robotsNamedIn(db: Database, text: string) {
  const found = await findNamedRobots(createModelNameIndex(db), text);
  return { robots: [...new Map(found.known.map((k) => [k.robot.id, k.robot])).values()], unknown: found.unknown };
}

describe.each(testBackends)('AI assistant on %s', (backend) => {
  const ctx = useTestApp(backend);
  beforeEach(async () => {
    await seedCatalog(ctx().handle.db);
  });

  const chat = async (body: ChatRequest, headers: Record<string, string> = {}): Promise<ChatResponse> => {
    const res = await request(ctx().app).post('/ai/chat').set(headers).send(body).expect(200);
    return chatResponseSchema.parse(res.body);
  };
  /** The history entry the web client keeps for an assistant answer. */
  const asHistory = (message: string, answer: ChatResponse): ChatHistoryEntry[] => [
    { role: 'user', content: message },
    { role: 'assistant', content: answer.response, metadata: { ...answer.metadata } },
  ];

  describe('POST /ai/chat: robot selection', () => {
    it('gathers facts across turns, then recommends real catalog robots that meet them', async () => {
      const m1 = 'I need a robot';
      const a1 = await chat({ message: m1 });
      expect(a1.metadata).toMatchObject({ userIntent: 'robot_selection', conversationState: 'gathering_info' });
      expect(a1.metadata.followUpQuestions.join(' ')).toMatch(/heaviest part/i);
      expect(a1.robot_data_included).toBe(false);

      const m2 = 'The parts weigh 8 kg';
      const a2 = await chat({ message: m2, conversationHistory: asHistory(m1, a1) });
      expect(a2.metadata).toMatchObject({ userIntent: 'robot_selection', conversationState: 'gathering_info' });
      expect(a2.response).toMatch(/8 kg parts/);
      expect(a2.metadata.followUpQuestions.join(' ')).toMatch(/reach/i);

      // The home page sends the history inside the context.
      const m3 = 'It must reach 1.2 m, for machine tending';
      const a3 = await chat({ message: m3, context: { page: 'homepage', conversationHistory: [...asHistory(m1, a1), ...asHistory(m2, a2)] } });
      expect(a3.metadata).toMatchObject({ userIntent: 'robot_selection', conversationState: 'solution_providing' });
      expect(a3.response).toMatch(/at least 9\.6 kg/);
      expect(a3.robot_data_included).toBe(true);

      const named = await robotsNamedIn(ctx().handle.db, a3.response);
      expect(named.unknown).toEqual([]);
      expect(named.robots.length).toBeGreaterThanOrEqual(1);
      expect(named.robots.length).toBeLessThanOrEqual(5);
      for (const r of named.robots) {
        expect(r.payloadKg, r.model).toBeGreaterThanOrEqual(9.6);
        expect(r.reachMm, r.model).toBeGreaterThanOrEqual(1200);
        expect(r.status).toBe('active');
      }
      expect(a3.metadata.sources.map((s) => s.manufacturer)).toEqual(expect.arrayContaining([nth(named.robots, 0).manufacturer]));
    });

    it('prefers the requested maker and keeps to the budget', async () => {
      const a = await chat({ message: 'Need a Fanuc robot for 20 kg parts with 1.8 m reach for material handling, budget $80k' });
      const named = await robotsNamedIn(ctx().handle.db, a.response);
      expect(named.robots.length).toBeGreaterThan(0);
      for (const r of named.robots) {
        expect(r.manufacturer).toBe('FANUC');
        expect(r.payloadKg).toBeGreaterThanOrEqual(24);
        expect(defined(r.priceMinUsd)).toBeLessThanOrEqual(80000);
      }
    });

    it('only recommends active robots', async () => {
      const db = ctx().handle.db;
      await db.update(robots).set({ status: 'inactive' }).where(eq(robots.model, 'CRX-10iA'));
      const a = await chat({ message: 'cobot for machine tending, 8 kg parts, 1.2 m reach' });
      const named = await robotsNamedIn(db, a.response);
      expect(named.robots.map((r) => r.model)).not.toContain('CRX-10iA');
      expect(named.robots.length).toBeGreaterThan(0);
    });

    it('caps follow-ups, actions and sources at 3/3/2', async () => {
      const a = await chat({ message: 'palletizing 15 kg boxes, 1.7 m reach' });
      expect(a.metadata.followUpQuestions).toHaveLength(MAX_FOLLOW_UPS);
      expect(a.metadata.suggestedActions).toHaveLength(MAX_SUGGESTED_ACTIONS);
      expect(a.metadata.sources).toHaveLength(MAX_SOURCES);
      for (const s of a.metadata.sources) expect(s.manufacturer.length).toBeGreaterThan(0);
    });
  });

  describe('POST /ai/chat: troubleshooting', () => {
    it('explains a known code with its meaning and the maker as source', async () => {
      const a = await chat({ message: 'My Fanuc shows SRVO-062 BZAL after the weekend' });
      expect(a.metadata).toMatchObject({ userIntent: 'troubleshooting', conversationState: 'solution_providing' });
      expect(a.response).toMatch(/SRVO-062 \(BZAL alarm\)/);
      expect(a.response).toMatch(/battery/i);
      expect(a.response).toMatch(/Safety:/);
      expect(a.metadata.sources[0]).toMatchObject({ manufacturer: 'FANUC' });
    });

    it('says an unknown code is unknown and asks what the pendant shows', async () => {
      const a = await chat({ message: 'My Fanuc shows SRVO-999, what does it mean?' });
      expect(a.metadata).toMatchObject({ userIntent: 'troubleshooting', conversationState: 'gathering_info' });
      expect(a.response).toMatch(/SRVO-999 is not a FANUC alarm code in our verified list/);
      expect(a.response).toMatch(/teach pendant shows/);
      expect(a.response).not.toMatch(/Likely causes/);
      expect(a.metadata.followUpQuestions[0]).toMatch(/full alarm text/);
    });

    it('reads a bare number under the controller named earlier in the conversation, and says it is unknown for that maker', async () => {
      const history: ChatHistoryEntry[] = [{ role: 'user', content: 'Our DX200 stopped during the night shift' }, { role: 'assistant', content: 'What error code is displayed on the teach pendant?' }];
      const a = await chat({ message: 'alarm 77777', conversationHistory: history });
      expect(a.metadata.userIntent).toBe('troubleshooting');
      expect(a.response).toMatch(/77777 is not a Yaskawa alarm code in our verified list/);
      expect(a.response).toMatch(/alarm history/);
      expect(a.response).not.toMatch(/ABB/);
    });

    it('answers a KUKA message on a KR C4 as KUKA, never as a Universal Robots code', async () => {
      const a = await chat({ message: "KUKA KR C4 shows 'Software limit switch -A3'" });
      expect(a.response).toMatch(/^KUKA message "Software limit switch"/);
      expect(a.response).not.toMatch(/Universal Robots/);
      expect(a.metadata.sources[0]?.manufacturer).toBe('KUKA');
    });

    it('uses the robot of the page to read a bare alarm number', async () => {
      const gp25 = await robotByModel(ctx().handle.db, 'GP25');
      const a = await chat({ message: 'It stopped with alarm 4315', context: { page: 'robot_detail', robotId: gp25.id } });
      expect(a.response).toMatch(/Yaskawa 4315 \(COLLISION DETECT\)/);
      expect(a.response).toMatch(/Yaskawa GP25/);
      expect(a.metadata.sources[0]?.manufacturer).toBe('Yaskawa');
    });
  });

  describe('POST /ai/chat: page context', () => {
    it('answers about the robot of the detail page', async () => {
      const ur5e = await robotByModel(ctx().handle.db, 'UR5e');
      const about = await chat({ message: 'Tell me about this robot', context: { page: 'robot_detail', robotId: ur5e.id } });
      expect(about.response).toMatch(/Universal Robots UR5e/);
      expect(about.response).toMatch(/5 kg payload, 850 mm reach/);
      expect(about.robot_data_included).toBe(true);
      expect(about.metadata.sources[0]?.manufacturer).toBe('Universal Robots');

      const fit = await chat({ message: 'Is this robot suitable for 6 kg parts at 800 mm?', context: { page: 'robot_detail', robotId: ur5e.id }, includeRobotData: true });
      expect(fit.metadata).toMatchObject({ userIntent: 'robot_selection', conversationState: 'solution_providing' });
      expect(fit.response).toMatch(/does not fully fit/);
      expect(fit.response).toMatch(/not enough for the 7\.2 kg needed/);
      const named = await robotsNamedIn(ctx().handle.db, fit.response.split('Catalog robots that do fit:')[1] ?? '');
      expect(named.robots.length).toBeGreaterThan(0);
      for (const r of named.robots) expect(r.payloadKg).toBeGreaterThanOrEqual(7.2);
    });

    it('ignores an unknown robot id instead of failing', async () => {
      const a = await chat({ message: 'Tell me about this robot', context: { page: 'robot_detail', robotId: 'not-a-uuid' } });
      expect(a.success).toBe(true);
      expect(a.robot_data_included).toBe(false);
    });

    it('keeps the catalog filters of the page', async () => {
      const a = await chat({ message: 'Which of these suits 10 kg parts with 1.1 m reach?', context: { page: 'catalog', filters: { manufacturer: 'KUKA' } } });
      expect(a.response).toMatch(/catalog filters: manufacturer KUKA/);
      const named = await robotsNamedIn(ctx().handle.db, a.response);
      expect(named.robots.length).toBeGreaterThan(0);
      for (const r of named.robots) expect(r.manufacturer).toBe('KUKA');
    });

    it('refers to the figures of the ROI calculator', async () => {
      const a = await chat({
        message: 'Is this a good result?',
        context: { page: 'roi_calculator', roiData: { paybackMonths: 14, annualSavings: 52000, totalInvestment: 61000 } },
      });
      expect(a.metadata).toMatchObject({ userIntent: 'roi', conversationState: 'solution_providing' });
      expect(a.response).toMatch(/Payback: about 14 months/);
      expect(a.response).toMatch(/\$52,000/);
    });

    it('compares the robot of the page with one named in the message', async () => {
      const ur10e = await robotByModel(ctx().handle.db, 'UR10e');
      const a = await chat({ message: 'How does it compare to the CRX-10iA?', context: { page: 'robot_detail', robotId: ur10e.id } });
      expect(a.metadata.userIntent).toBe('comparison');
      expect(a.response).toMatch(/Payload: CRX-10iA 10 kg \| UR10e 12\.5 kg \(most: UR10e\)/);
      expect(a.metadata.sources.map((s) => s.manufacturer).sort()).toEqual(['FANUC', 'Universal Robots']);
    });
  });

  describe('POST /ai/chat: follow-ups about the robots in view', () => {
    it('answers questions about the robot of the detail page from its catalog data', async () => {
      const ur10e = await robotByModel(ctx().handle.db, 'UR10e');
      const context = { page: 'robot_detail', robotId: ur10e.id };

      const payload = await chat({ message: 'What payload can it carry?', context });
      expect(payload.metadata).toMatchObject({ userIntent: 'general', conversationState: 'solution_providing' });
      expect(payload.response).toMatch(/Universal Robots UR10e/);
      expect(payload.response).toMatch(/Payload: 12\.5 kg/);
      expect(payload.response).not.toMatch(/I still need/);
      expect(payload.robot_data_included).toBe(true);

      // A published value is said with its source (migration 0009); an unpublished one is never guessed.
      const ip = await chat({ message: 'What IP rating does it have?', context });
      expect(ip.response).toMatch(/IP \(ingress protection\) rating: IP54 \(source: Universal Robots e-Series technical specifications/);
      const titan = await robotByModel(ctx().handle.db, 'KR 1000 titan');
      const unknownIp = await chat({ message: 'What IP rating does it have?', context: { page: 'robot_detail', robotId: titan.id } });
      expect(unknownIp.response).toMatch(/IP \(ingress protection\) rating: not published in the datasheet we hold/);
      expect(unknownIp.response).not.toMatch(/\bIP ?\d{2}\b/);

      const lift = await chat({ message: 'Can it lift 25 kg?', context });
      expect(lift.metadata.userIntent).toBe('robot_selection');
      expect(lift.response).toMatch(/12\.5 kg is not enough for the 30 kg needed \(part \+ 20% for the gripper\)/);

      const alternatives = await chat({ message: 'Show me alternatives', context });
      expect(alternatives.metadata).toMatchObject({ userIntent: 'robot_selection', conversationState: 'solution_providing' });
      const named = await robotsNamedIn(ctx().handle.db, alternatives.response.split('\n').slice(1).join('\n'));
      expect(named.unknown).toEqual([]);
      expect(named.robots.length).toBeGreaterThan(0);
      expect(named.robots.map((r) => r.id)).not.toContain(ur10e.id);
    });

    it('still treats a new search on a robot page as a selection', async () => {
      const ur10e = await robotByModel(ctx().handle.db, 'UR10e');
      const a = await chat({ message: 'I need a robot for welding 10 kg parts', context: { page: 'robot_detail', robotId: ur10e.id } });
      expect(a.metadata).toMatchObject({ userIntent: 'robot_selection', conversationState: 'solution_providing' });
      expect(a.response).not.toMatch(/UR10e/);
      const named = await robotsNamedIn(ctx().handle.db, a.response);
      expect(named.robots.length).toBeGreaterThan(0);
      for (const r of named.robots) expect(r.payloadKg).toBeGreaterThanOrEqual(12);
    });

    it('ranks the robots of the compare page (context.robotIds)', async () => {
      const ids = await Promise.all(['UR10e', 'CRX-10iA', 'UR5e'].map(async (m) => (await robotByModel(ctx().handle.db, m)).id));
      const a = await chat({ message: 'Which has the longest reach?', context: { page: 'compare', robotIds: ids } });
      expect(a.metadata).toMatchObject({ userIntent: 'comparison', conversationState: 'solution_providing' });
      expect(a.response).toMatch(/^The Universal Robots UR10e has the longest reach: 1,300 mm\./);
      expect(a.response).toMatch(/FANUC CRX-10iA: 1,249 mm/);

      // The widget opened on /compare?ids=... without the page's button: the query string tells the robots.
      const fromUrl = await chat({ message: 'Which one is cheapest?', context: { page: 'compare', frontend_context: { url: '/compare', search: `?ids=${ids.join(',')}` } } });
      expect(fromUrl.metadata.userIntent).toBe('comparison');
      expect(fromUrl.response).toMatch(/^The Universal Robots UR5e has the lowest indicative price: \$/);
    });

    it('follows up on the robots of its own last answer', async () => {
      const m1 = 'I need a robot for machine tending, parts weigh 8 kg and it must reach 1.2 m';
      const a1 = await chat({ message: m1 });
      const bullets = a1.response.split('\n').filter((l) => l.startsWith('- '));
      const second = nth((await robotsNamedIn(ctx().handle.db, bullets[1] ?? '')).robots, 0);
      expect(second).toBeDefined();

      const a2 = await chat({ message: "What's the reach of the second one?", conversationHistory: asHistory(m1, a1) });
      expect(a2.metadata).toMatchObject({ userIntent: 'general', conversationState: 'solution_providing' });
      expect(a2.response).toContain(`${second.manufacturer} ${second.model}`);
      expect(a2.response).toContain(`Reach: ${second.reachMm.toLocaleString('en-US')} mm`);
    });

    it('answers the figure asked for on the ROI calculator, and never calls a loss a good payback', async () => {
      const roiData = { paybackMonths: 18.5, annualSavings: 48000, upfrontCost: 74000, npv: 120000, irrPercent: 58.1, horizonYears: 5 };
      const npv = await chat({ message: "What's the NPV?", context: { page: 'roi_calculator', roiData } });
      expect(npv.metadata).toMatchObject({ userIntent: 'roi', conversationState: 'solution_providing' });
      expect(npv.response).toMatch(/^Your NPV is \$120,000 over 5 years\./);

      const loss = await chat({ message: 'What is my payback?', context: { page: 'roi_calculator', roiData: { paybackMonths: null, annualSavings: -3000, upfrontCost: 74000 } } });
      expect(loss.response).toMatch(/never pays back/);
      expect(loss.response).not.toMatch(/excellent|good payback/);
    });
  });

  describe('POST /ai/chat: users, sources and validation', () => {
    it('is anonymous without a token, whatever the context claims', async () => {
      const a = await chat({ message: 'cobot for 8 kg parts, 1.2 m reach', context: { user_context: { authenticated: true, role: 'customer' } } });
      expect(a.user_authenticated).toBe(false);
      expect(a.metadata.suggestedActions.join(' ')).not.toMatch(/Create a project/);
    });

    it('trusts the token, not the role in the context', async () => {
      const { token } = await registerUser(ctx().app, { user_type: 'customer' });
      const a = await chat({ message: 'cobot for 8 kg parts, 1.2 m reach', context: { user_context: { authenticated: true, role: 'supplier' } } }, bearer(token));
      expect(a.user_authenticated).toBe(true);
      expect(a.metadata.suggestedActions.join(' ')).toMatch(/Create a project/);
      expect(a.metadata.suggestedActions.join(' ')).not.toMatch(/your own listings/);
    });

    it('answers 401 for an invalid token', async () => {
      const res = await request(ctx().app).post('/ai/chat').set(bearer('not-a-token')).send({ message: 'hello' }).expect(401);
      expect(errorBodySchema.parse(res.body).code).toBe('TOKEN_INVALID');
    });

    it('answers 400 for an empty or missing message', async () => {
      for (const body of [{ message: '   ' }, {}, { message: 'x'.repeat(4001) }]) {
        const res = await request(ctx().app).post('/ai/chat').send(body).expect(400);
        const err = errorBodySchema.parse(res.body);
        expect(err.code).toBe('VALIDATION_FAILED');
        expect(err.details?.message).toBeDefined();
      }
    });

    it('uses the configured default manufacturer when the answer names none', async () => {
      const a = await chat({ message: 'hello' });
      expect(a.metadata).toMatchObject({ userIntent: 'general', conversationState: 'initial', sources: [{ manufacturer: 'Universal Robots' }] });
      expect(a.error).toBeNull();
      expect(new Date(a.timestamp).toISOString()).toBe(a.timestamp);
    });

    it('answers off-topic questions politely', async () => {
      const a = await chat({ message: "What's the weather in Paris tomorrow?" });
      expect(a.metadata.userIntent).toBe('general');
      expect(a.response).toMatch(/outside what I can help with/);
    });
  });

  describe('POST /ai/recommend-robots', () => {
    it('ranks catalog robots that meet payload (with the tool allowance) and reach, with reasons', async () => {
      const res = await request(ctx().app).post('/ai/recommend-robots').send({ payload_kg: 8, reach_mm: 1200, application: 'CNC loading', limit: 4 }).expect(200);
      const body = recommendRobotsResponseSchema.parse(res.body);
      expect(body.criteria).toMatchObject({ required_payload_kg: 9.6, eoat_margin: 0.2, application: 'machine-tending' });
      expect(body.data).toHaveLength(4);
      expect(body.data.map((d) => d.rank)).toEqual([1, 2, 3, 4]);
      for (const d of body.data) {
        expect(d.robot.payload_kg).toBeGreaterThanOrEqual(9.6);
        expect(d.robot.reach_mm).toBeGreaterThanOrEqual(1200);
        expect(d.application_match).toBe(true);
        expect(d.reasons[0]).toMatch(/^Payload/);
      }
      const scores = body.data.map((d) => d.score);
      expect([...scores].sort((a, b) => a - b)).toEqual(scores);
    });

    it('uses the tool mass instead of the allowance, and keeps to maker and budget', async () => {
      const res = await request(ctx().app)
        .post('/ai/recommend-robots')
        .send({ payload_kg: 4, tool_kg: 1.5, reach_mm: 900, manufacturer: 'fanuc', budget_usd: 50000 })
        .expect(200);
      const body = recommendRobotsResponseSchema.parse(res.body);
      expect(body.criteria).toMatchObject({ required_payload_kg: 5.5, manufacturer: 'FANUC', budget_usd: 50000 });
      expect(body.data.length).toBeGreaterThan(0);
      for (const d of body.data) {
        expect(d.robot.manufacturer).toBe('FANUC');
        expect(d.robot.payload_kg).toBeGreaterThanOrEqual(5.5);
        expect(d.within_budget).toBe(true);
      }
    });

    it('says which preference it had to drop', async () => {
      const res = await request(ctx().app).post('/ai/recommend-robots').send({ payload_kg: 100, reach_mm: 2500, manufacturer: 'Kinova', limit: 3 }).expect(200);
      const body = recommendRobotsResponseSchema.parse(res.body);
      expect(body.relaxed).toEqual(['manufacturer']);
      expect(body.data.length).toBe(3);
      for (const d of body.data) expect(d.robot.payload_kg).toBeGreaterThanOrEqual(120);
    });

    it('answers an empty list when nothing can carry the load', async () => {
      const res = await request(ctx().app).post('/ai/recommend-robots').send({ payload_kg: 5000, reach_mm: 1000 }).expect(200);
      expect(recommendRobotsResponseSchema.parse(res.body).data).toEqual([]);
    });

    it('answers 400 naming bad fields', async () => {
      const res = await request(ctx().app).post('/ai/recommend-robots').send({ payload_kg: -1, limit: 50 }).expect(400);
      const err = errorBodySchema.parse(res.body);
      expect(err.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(err.details ?? {})).toEqual(expect.arrayContaining(['payload_kg', 'reach_mm', 'limit']));
    });
  });

  describe('POST /ai/compare-robots', () => {
    it('puts robots side by side and marks the best value of each row', async () => {
      const db = ctx().handle.db;
      const [ur10e, crx] = [await robotByModel(db, 'UR10e'), await robotByModel(db, 'CRX-10iA')];
      const res = await request(ctx().app).post('/ai/compare-robots').send({ ids: [ur10e.id, crx.id] }).expect(200);
      const body = compareRobotsResponseSchema.parse(res.body);
      expect(body.data.map((r) => r.model)).toEqual(['UR10e', 'CRX-10iA']);
      const row = (field: string) => defined(body.rows.find((r) => r.field === field));
      expect(row('payload_kg')).toMatchObject({ values: [12.5, 10], best: [0], best_ids: [ur10e.id], better: 'higher' });
      expect(row('price_min_usd')).toMatchObject({ best: [1], better: 'lower' });
      expect(row('dof')).toMatchObject({ values: [6, 6], best: [], better: null });
      expect(body.summary).toMatch(/UR10e has the most payload/);
    });

    it('answers 404 for an unknown id and 400 for too few or malformed ids', async () => {
      const ur10e = await robotByModel(ctx().handle.db, 'UR10e');
      const missing = '00000000-0000-4000-8000-000000000000';
      const notFound = await request(ctx().app).post('/ai/compare-robots').send({ ids: [ur10e.id, missing] }).expect(404);
      expect(errorBodySchema.parse(notFound.body)).toMatchObject({ code: 'NOT_FOUND', message: `Robot not found: ${missing}` });
      for (const ids of [[ur10e.id], [ur10e.id, 'abc'], [ur10e.id, ur10e.id]]) {
        const res = await request(ctx().app).post('/ai/compare-robots').send({ ids }).expect(400);
        expect(errorBodySchema.parse(res.body).code).toBe('VALIDATION_FAILED');
      }
    });
  });
});
