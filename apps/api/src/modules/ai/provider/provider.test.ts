import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import express from 'express';
import request from 'supertest';
import { chatResponseSchema, errorBodySchema } from '@cellforge/contracts';
import { seedCatalog } from '@cellforge/db';
import { createApp } from '../../../app';
import type { Config } from '../../../env';
import { AppError } from '../../../lib/errors';
import { createLogger, type Logger } from '../../../lib/logger';
import { createTokenService } from '../../../lib/tokens';
import { errorHandler } from '../../../middleware/error-handler';
import { testBackends, useTestApp } from '../../../test/create-test-app';
import { findRobotsByModelKeys } from '../../catalog';
import { createAiRouter } from '../ai.router';
import { createModelProvider, OFFLINE_MESSAGE, TIMEOUT_MESSAGE } from './model-provider';
import { defined, nth } from '../../../test/defined';
import { checkAnswer } from '../../../test/answer-check';

/** What the fake OpenAI-compatible server answers next. */
interface FakeReply {
  status?: number;
  delayMs?: number;
  /** The assistant message content (the model's JSON as text). */
  content?: string;
}

let reply: FakeReply = {};
/** What the fake server answers to a structured-output request (the requirements reading). */
let extract: FakeReply = {};
interface SentBody {
  model: string;
  messages: Array<{ role: string; content: string }>;
  response_format?: { type: string; json_schema?: { name: string; schema: { properties?: Record<string, unknown> } } };
}
const received: Array<{ path: string; auth: string | undefined; body: SentBody }> = [];
/** The phrasing requests (json_object), without the requirements readings (json_schema). */
const phrasing = () => received.filter((r) => r.body.response_format?.type !== 'json_schema');
const readings = () => received.filter((r) => r.body.response_format?.type === 'json_schema');
let server: Server;
let baseUrl = '';
let deadUrl = '';

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
  });

const completion = (content: string) => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  created: Math.floor(Date.now() / 1000),
  model: 'fake-model',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
});

const modelJson = (answer: Record<string, unknown>) => JSON.stringify(answer);

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const body = JSON.parse(raw || '{}') as SentBody;
    received.push({ path: req.url ?? '', auth: req.headers.authorization, body });
    const structured = body.response_format?.type === 'json_schema';
    const { status = 200, delayMs = 0, content = structured ? 'no reading' : '{}' } = structured ? extract : reply;
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(status === 200 ? completion(content) : { error: { message: `fake error ${status}`, type: 'test' } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  // A port nothing listens on: connection refused.
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  deadUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/v1`;
  await new Promise((r) => probe.close(r));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

beforeEach(() => {
  reply = {};
  extract = {};
  received.length = 0;
});

const aiConfig = (url: () => string): Partial<Config> => {
  const overrides: Partial<Config> = {};
  Object.defineProperty(overrides, 'ai', { enumerable: true, get: () => ({ baseUrl: url(), apiKey: 'test-key', model: 'fake-model', defaultManufacturer: 'Universal Robots' }) });
  return overrides;
};

describe.each(testBackends)('AI chat with a model provider on %s', (backend) => {
  const ctx = useTestApp(backend, aiConfig(() => baseUrl));
  beforeEach(async () => {
    await seedCatalog(ctx().handle.db);
  });
  const ask = (message: string, extra: Record<string, unknown> = {}) => request(ctx().app).post('/ai/chat').send({ message, ...extra });

  it('sends the retrieved catalog rows and answers with the model JSON', async () => {
    reply = {
      content: modelJson({
        response: 'For 8 kg parts the FANUC CRX-10iA fits: 10 kg payload and 1,249 mm reach.',
        followUpQuestions: ['What cycle time do you need?'],
        suggestedActions: ['Compare the CRX-10iA with the UR10e'],
        sources: [{ manufacturer: 'FANUC', title: 'FANUC CRX-10iA datasheet' }],
        conversationState: 'solution_providing',
        userIntent: 'robot_selection',
        robots: ['FANUC CRX-10iA'],
      }),
    };
    const res = await ask('I need a cobot for machine tending, 8 kg parts, 1.2 m reach').expect(200);
    const body = chatResponseSchema.parse(res.body);
    expect(body.response).toBe('For 8 kg parts the FANUC CRX-10iA fits: 10 kg payload and 1,249 mm reach.');
    expect(body.metadata).toMatchObject({ conversationState: 'solution_providing', userIntent: 'robot_selection', sources: [{ manufacturer: 'FANUC' }] });
    expect(body.robot_data_included).toBe(true);

    expect(phrasing()).toHaveLength(1);
    const sent = nth(phrasing(), 0);
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.auth).toBe('Bearer test-key');
    expect(sent.body.model).toBe('fake-model');
    expect(sent.body.response_format).toEqual({ type: 'json_object' });
    const grounding = JSON.parse(nth(sent.body.messages, 1).content.replace(/^Retrieved data \(JSON\):\n/, ''));
    expect(grounding.understood).toMatchObject({ intent: 'robot_selection', payload_kg: 8, required_payload_kg: 9.6, reach_mm: 1200 });
    expect(grounding.catalog_rows.length).toBeGreaterThan(2);
    for (const row of grounding.catalog_rows) expect(row.payload_kg).toBeGreaterThanOrEqual(9.6);
    expect(sent.body.messages.at(-1)).toEqual({ role: 'user', content: 'I need a cobot for machine tending, 8 kg parts, 1.2 m reach' });
  });

  it('drops robots that are not in the catalog or do not fit, and clamps the lists', async () => {
    reply = {
      content: modelJson({
        response: [
          'Good options for your 10 kg parts:',
          '- FANUC M-20iD/99: 30 kg payload, ideal for you',
          '- Universal Robots UR3e: light and cheap',
          '- Universal Robots UR10e: 12.5 kg payload, 1,300 mm reach',
          'The Acme Titan X9 is also great. The UR10e is my pick.',
        ].join('\n'),
        followUpQuestions: ['Q1?', 'Q2?', 'Q3?', 'Q4?', 'Compare with the M-20iD/99?'],
        suggestedActions: ['A1', 'A2', 'A3', 'A4'],
        sources: [{ manufacturer: 'Acme Robotics' }, { manufacturer: 'FANUC', title: 'FANUC M-20iD/99 datasheet' }, { manufacturer: 'universal robots', title: 'UR10e' }, 'ABB'],
        conversationState: 'solution_providing',
        userIntent: 'robot_selection',
      }),
    };
    const body = chatResponseSchema.parse((await ask('Which robot for 10 kg parts with 1.2 m reach for machine tending?').expect(200)).body);
    expect(body.response).not.toMatch(/M-20iD\/99/);
    expect(body.response).not.toMatch(/UR3e/);
    expect(body.response).toMatch(/UR10e: 12\.5 kg payload/);
    expect(body.response).toMatch(/The UR10e is my pick\./);
    expect(body.response).toMatch(/I left out robots I could not verify/);
    expect(body.metadata.followUpQuestions).toEqual(['Q1?', 'Q2?', 'Q3?']);
    expect(body.metadata.suggestedActions).toEqual(['A1', 'A2', 'A3']);
    expect(body.metadata.sources).toEqual([{ manufacturer: 'Universal Robots', title: 'UR10e' }, { manufacturer: 'ABB' }]);
  });

  it('grounds a follow-up on the robot of the page and may say that robot does not fit', async () => {
    const [ur10e] = await findRobotsByModelKeys({ db: ctx().handle.db }, ['ur10e']);
    reply = {
      content: modelJson({
        response: 'The Universal Robots UR10e is rated for 12.5 kg, not enough for the 30 kg needed. The Universal Robots UR3e would not do either.',
        conversationState: 'solution_providing',
        userIntent: 'robot_selection',
      }),
    };
    const body = chatResponseSchema.parse((await ask('Can it lift 25 kg?', { context: { page: 'robot_detail', robotId: defined(ur10e).id } }).expect(200)).body);
    expect(body.response).toMatch(/^The Universal Robots UR10e is rated for 12\.5 kg, not enough for the 30 kg needed\./);
    expect(body.response).not.toMatch(/UR3e/);
    const grounding = JSON.parse(nth(nth(phrasing(), 0).body.messages, 1).content.replace(/^Retrieved data \(JSON\):\n/, ''));
    expect(grounding.robots_in_view).toMatchObject({ kind: 'fit', from: 'page', robots: [{ model: 'UR10e', payload_kg: 12.5 }] });
  });

  it('falls back to the built-in advisor when the model reply is not JSON', async () => {
    reply = { content: 'Sure! I would suggest a nice robot, maybe the FANUC M-20iD/99.' };
    const body = chatResponseSchema.parse((await ask('I need a robot for machine tending, parts weigh 8 kg and it must reach 1.2 m').expect(200)).body);
    expect(body.response).toMatch(/must carry at least 9\.6 kg/);
    expect(body.response).not.toMatch(/M-20iD\/99/);
    expect(body.metadata.conversationState).toBe('solution_providing');
  });

  it('falls back to the built-in advisor when the JSON has the wrong shape', async () => {
    reply = { content: modelJson({ answer: 'no response field', followUpQuestions: 'not a list' }) };
    const body = chatResponseSchema.parse((await ask('My Fanuc shows SRVO-062').expect(200)).body);
    expect(body.response).toMatch(/SRVO-062 \(BZAL alarm\)/);
    expect(body.metadata.sources[0]?.manufacturer).toBe('FANUC');
  });

  const groundingOf = (i = 0) => JSON.parse(nth(nth(phrasing(), i).body.messages, 1).content.replace(/^Retrieved data \(JSON\):\n/, ''));
  const noPreference = { makers: { include: [], exclude: [] }, makerCountries: { include: [], exclude: [] }, robotTypes: { include: [], exclude: [] } };

  it('lets the model read the requirements (structured output from the zod schema); retrieval stays deterministic', async () => {
    extract = {
      content: modelJson({
        ...noPreference,
        payloadKg: { min: 12, max: 12 },
        reachMm: { min: 1200, max: 1200 },
        makers: { include: [], exclude: ['FANUC'] },
        applications: ['machine-tending'],
        language: 'en',
      }),
    };
    reply = { content: modelJson({ response: 'Here are robots for your parts.', userIntent: 'robot_selection', conversationState: 'solution_providing' }) };
    // Figures in words: the built-in parser does not read them; the model does.
    const body = chatResponseSchema.parse((await ask('I need a robot for machine tending, the parts weigh twelve kilos, it must reach one point two metres, and no FANUC').expect(200)).body);
    expect(body.response).toBe('Here are robots for your parts.');
    expect(readings()).toHaveLength(1);
    const format = defined(nth(readings(), 0).body.response_format);
    expect(format.json_schema?.name).toBe('buyer_requirements');
    expect(Object.keys(format.json_schema?.schema.properties ?? {})).toEqual(expect.arrayContaining(['payloadKg', 'reachMm', 'makers', 'applications', 'environment', 'language']));
    const grounding = groundingOf();
    expect(grounding.understood).toMatchObject({ intent: 'robot_selection', payload_kg: 12, required_payload_kg: 14.4, reach_mm: 1200, application: 'machine-tending' });
    expect(grounding.catalog_rows.length).toBeGreaterThan(0);
    for (const row of grounding.catalog_rows) {
      expect(row.payload_kg).toBeGreaterThanOrEqual(14.4);
      expect(row.reach_mm).toBeGreaterThanOrEqual(1200);
      expect(row.manufacturer).not.toBe('FANUC');
    }
  });

  it.each([
    ['not JSON', 'Sure, 8 kg and 1.2 m!'],
    ['JSON outside the schema', modelJson({ ...noPreference, payloadKg: { min: 'eight' } })],
    ['an absurd figure', modelJson({ ...noPreference, payloadKg: { min: 5e9 } })],
  ])('keeps the built-in reading when the model answers %s', async (_what, content) => {
    extract = { content };
    reply = { content: modelJson({ response: 'Robots for your task follow.' }) };
    await ask('I need a robot for machine tending, 8 kg parts, 1.2 m reach').expect(200);
    expect(readings()).toHaveLength(1);
    expect(groundingOf().understood).toMatchObject({ payload_kg: 8, required_payload_kg: 9.6, reach_mm: 1200 });
  });

  it('keeps the built-in reading when the model does not read the requirements in time, and still answers', async () => {
    extract = { delayMs: 1500, content: modelJson({ ...noPreference, payloadKg: { min: 50 } }) };
    reply = { content: modelJson({ response: 'Robots for 8 kg parts follow.' }) };
    const { handle, config } = ctx();
    const app = express();
    app.use(express.json());
    // A 1 s budget: the reading may take 300 ms of it.
    app.use('/ai', createAiRouter({ db: handle.db, tokens: createTokenService(config.jwtSecret, 60), config, logger: createLogger('silent'), providerTimeoutMs: 1000 }));
    app.use(errorHandler);
    const body = chatResponseSchema.parse((await request(app).post('/ai/chat').send({ message: 'I need a robot for machine tending, 8 kg parts, 1.2 m reach' }).expect(200)).body);
    expect(body.response).toBe('Robots for 8 kg parts follow.');
    expect(groundingOf().understood).toMatchObject({ payload_kg: 8, reach_mm: 1200 });
  });

  it('removes an invented robot and an invented figure from the model\'s text', async () => {
    const [ur10e] = await findRobotsByModelKeys({ db: ctx().handle.db }, ['ur10e']);
    const robot = defined(ur10e);
    reply = {
      content: modelJson({
        response: [
          'For your 8 kg parts:',
          `- Universal Robots UR10e: ${robot.payloadKg} kg payload, ${robot.reachMm.toLocaleString('en-US')} mm reach`,
          '- FANUC M-9000iZ: 90 kg payload, the strongest option',
          'The UR10e can also carry 18 kg at full reach. It needs 9.6 kg with the gripper allowance.',
        ].join('\n'),
        followUpQuestions: ['Should I compare the M-9000iZ?', 'Would 25 kg parts be next?', 'What cycle time do you need?'],
        userIntent: 'robot_selection',
      }),
    };
    const body = chatResponseSchema.parse((await ask('I need a robot for machine tending, 8 kg parts, 1.2 m reach').expect(200)).body);
    expect(body.response).toMatch(new RegExp(`UR10e: ${robot.payloadKg} kg payload`));
    expect(body.response).not.toMatch(/M-9000iZ/);
    expect(body.response).not.toMatch(/90 kg/);
    expect(body.response).not.toMatch(/18 kg/);
    expect(body.response).toMatch(/It needs 9\.6 kg with the gripper allowance\./);
    expect(body.response).toMatch(/I left out a robot I could not verify/);
    expect(body.response).toMatch(/I left out a figure I could not verify/);
    expect(body.metadata.followUpQuestions).toEqual(['What cycle time do you need?']);
  });

  describe('keeps the deterministic facts whatever the model phrases (issue 12, session 12)', () => {
    /** The answer without a model: the note, the closest models and their links. */
    const builtInOf = async (message: string) => {
      const { handle, config } = ctx();
      const app = createApp({ db: handle.db, dbKind: handle.kind, config: { ...config, ai: { ...config.ai, baseUrl: '' } }, logger: createLogger('silent'), onAnswer: checkAnswer });
      return chatResponseSchema.parse((await request(app).post('/ai/chat').send({ message }).expect(200)).body);
    };

    it.each([
      ['drops the note', 'I can help with payload questions. Which application do you have in mind?'],
      ['contradicts the note', 'Yes, we have the FANUC M-9000iZ: 9,000 kg payload and 5,000 mm reach. It is in our catalog and ships in two weeks. Which application do you have in mind?'],
    ])('a model name the catalog lacks: "not in our catalog" and the 3 closest models with links survive a reply that %s', async (_, response) => {
      const message = 'Tell me the payload of the FANUC M-9000iZ';
      const plain = await builtInOf(message);
      const closest = (plain.metadata.robotLinks ?? []).map((l) => l.name);
      expect(closest).toHaveLength(3);
      reply = { content: modelJson({ response, userIntent: 'general', robots: ['FANUC M-9000iZ'] }) };
      const body = chatResponseSchema.parse((await ask(message).expect(200)).body);
      expect(body.response.split('\n')[0]).toBe('The FANUC M-9000iZ is not in our catalog, so I have no figures for it.');
      for (const name of closest) expect(body.response).toContain(name);
      expect((body.metadata.robotLinks ?? []).map((l) => l.name)).toEqual(expect.arrayContaining(closest));
      for (const link of body.metadata.robotLinks ?? []) expect(link.href).toMatch(/^\/robots\/[\w-]+$/);
      // Never a figure for the model that does not exist, nor the claim that it is listed.
      expect(body.response).not.toMatch(/9,000 kg|5,000 mm|we have the|It is in our catalog/);
      // The model's own question stays.
      expect(body.response).toContain('Which application do you have in mind?');
      expect(body.robot_data_included).toBe(true);
      // The note named the asked-about model: no "left out a robot" line for it.
      expect(body.response).not.toMatch(/I left out a robot/);
      // The model was told what is shown above its answer.
      const grounding = JSON.parse(nth(nth(phrasing(), 0).body.messages, 1).content.replace(/^Retrieved data \(JSON\):\n/, ''));
      expect(grounding.shown_before_your_answer[0]).toBe('The FANUC M-9000iZ is not in our catalog, so I have no figures for it.');
    });

    it('in German too: the note leads in the buyer\'s language', async () => {
      reply = { content: modelJson({ response: 'Gerne helfe ich Ihnen weiter.', userIntent: 'general' }) };
      const body = chatResponseSchema.parse((await ask('Welche Traglast hat der FANUC M-9000iZ?').expect(200)).body);
      expect(body.response.split('\n')[0]).toBe('Der FANUC M-9000iZ ist nicht in unserem Katalog, daher habe ich keine Daten dazu.');
      expect(body.metadata.robotLinks?.length).toBe(3);
    });

    it.each([
      ['drops the statement', 'Could you tell me more about your application and the reach you need?'],
      ['contradicts it', 'Good news: several robots fit a 3000 kg payload. I recommend a heavy-payload arm for this.'],
    ])('nothing fits 3000 kg: the statement, the reason and the nearest robots survive a reply that %s', async (_, response) => {
      const message = 'What robot can handle a 3000 kg payload?';
      const plain = await builtInOf(message);
      expect(plain.response).toContain('Nothing in our catalog fits this task:');
      const nearest = (plain.metadata.robotLinks ?? []).map((l) => l.name);
      expect(nearest.length).toBeGreaterThan(0);
      reply = { content: modelJson({ response, userIntent: 'robot_selection' }) };
      const body = chatResponseSchema.parse((await ask(message).expect(200)).body);
      expect(body.response).toContain('Nothing in our catalog fits this task:');
      // The reason names the catalog's limit, as the built-in answer does.
      const reason = defined(plain.response.split('\n').find((l) => l.startsWith('- ') && /kg/.test(l)));
      expect(body.response).toContain(reason);
      for (const name of nearest) expect(body.response).toContain(name);
      expect(body.response).not.toMatch(/several robots fit|I recommend a heavy-payload arm/);
      expect((body.metadata.robotLinks ?? []).map((l) => l.name)).toEqual(expect.arrayContaining(nearest));
    });

    it('a reply that keeps the facts in its own words is not doubled, only led by them', async () => {
      reply = { content: modelJson({ response: 'No robot we list carries 3000 kg; the strongest are shown above.', userIntent: 'robot_selection' }) };
      const body = chatResponseSchema.parse((await ask('What robot can handle a 3000 kg payload?').expect(200)).body);
      expect(body.response.match(/Nothing in our catalog fits this task:/g)).toHaveLength(1);
      expect(body.response).toContain('No robot we list carries 3000 kg; the strongest are shown above.');
    });
  });

  it.each([401, 403, 429, 500, 503])('answers 503 when the provider answers %i', async (status) => {
    reply = { status };
    const res = await ask('hello').expect(503);
    expect(errorBodySchema.parse(res.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: OFFLINE_MESSAGE });
    expect(phrasing()).toHaveLength(1);
  });

  it('answers 503 when the provider cannot be reached', async () => {
    const { handle, config } = ctx();
    const app = createApp({ db: handle.db, dbKind: handle.kind, config: { ...config, ai: { ...config.ai, baseUrl: deadUrl } }, logger: createLogger('silent'), onAnswer: checkAnswer });
    const res = await request(app).post('/ai/chat').send({ message: 'hello' }).expect(503);
    expect(errorBodySchema.parse(res.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: OFFLINE_MESSAGE });
  });

  it('answers 504 when the provider does not answer in time', async () => {
    // The app's provider waits 25 s; this router is mounted the same way with a short timeout.
    reply = { delayMs: 2000, content: modelJson({ response: 'too late' }) };
    const { handle, config } = ctx();
    const app = express();
    app.use(express.json());
    app.use('/ai', createAiRouter({ db: handle.db, tokens: createTokenService(config.jwtSecret, 60), config, logger: createLogger('silent'), providerTimeoutMs: 300 }));
    app.use(errorHandler);
    const started = Date.now();
    const res = await request(app).post('/ai/chat').send({ message: 'hello' }).expect(504);
    expect(errorBodySchema.parse(res.body)).toMatchObject({ code: 'UPSTREAM_TIMEOUT', message: TIMEOUT_MESSAGE });
    expect(Date.now() - started).toBeLessThan(1900);
  });
});


describe('createModelProvider', () => {
  const spyLogger = () => {
    const calls: Array<{ level: string; msg: string }> = [];
    const logger = {
      warn: (_o: unknown, msg: string) => calls.push({ level: 'warn', msg }),
      error: (_o: unknown, msg: string) => calls.push({ level: 'error', msg }),
    } as unknown as Logger;
    return { logger, calls };
  };

  it('logs a refused API key and maps it to 503', async () => {
    reply = { status: 401 };
    const { logger, calls } = spyLogger();
    const provider = createModelProvider({ baseUrl, apiKey: 'bad', model: 'fake-model' }, logger);
    const err = await provider.complete([{ role: 'user', content: 'hi' }]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
    expect(calls).toEqual([{ level: 'error', msg: 'AI provider refused the API key: check AI_API_KEY' }]);
  });

  it('maps a timeout to 504 without retrying', async () => {
    reply = { delayMs: 1000 };
    const { logger } = spyLogger();
    const provider = createModelProvider({ baseUrl, apiKey: 'k', model: 'fake-model', timeoutMs: 200 }, logger);
    await expect(provider.complete([{ role: 'user', content: 'hi' }])).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT', status: 504 });
    expect(received).toHaveLength(1);
  });

  it('returns the message content', async () => {
    reply = { content: '{"response":"ok"}' };
    const provider = createModelProvider({ baseUrl, apiKey: 'k', model: 'fake-model' }, spyLogger().logger);
    await expect(provider.complete([{ role: 'user', content: 'hi' }])).resolves.toBe('{"response":"ok"}');
  });
});
