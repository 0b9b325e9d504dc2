import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { chatResponseSchema, type ChatResponse } from '@cellforge/contracts';
import { defined } from '../../test/defined';
import { testBackends } from '../../test/create-test-app';
import { robotsNamedIn, useChatApp } from './chat-test-kit';
import type { RobotRow } from '../catalog';

/**
 * Issue 12, environment limits in the assistant, from the buyer's side: IP rating,
 * food-grade, cleanroom class, mounting and the maker's country are hard limits. Every
 * robot recommended is known to meet them; when none is known to, the answer says so,
 * says how many robots publish no value, and shows the nearest with what each misses.
 */

describe.each(testBackends)('assistant environment limits on %s', (backend) => {
  const { ctx } = useChatApp(backend);
  const chat = async (message: string): Promise<{ answer: ChatResponse; named: RobotRow[] }> => {
    const res = await request(ctx().app).post('/ai/chat').send({ message }).expect(200);
    const answer = chatResponseSchema.parse(res.body);
    return { answer, named: await robotsNamedIn(ctx().handle.db, answer.response) };
  };

  it('"Is the ABB IRB 460 food grade?" / "suitable for cleanroom ISO 5?": never a yes for a rating its maker does not publish', async () => {
    const [irb460] = (await robotsNamedIn(ctx().handle.db, 'ABB IRB 460')).filter((r) => r.model === 'IRB 460');
    expect(irb460?.foodGrade ?? null).toBeNull();
    expect(irb460?.cleanroomIsoClass ?? null).toBeNull();
    for (const question of ['Is the ABB IRB 460 food grade?', 'Is the ABB IRB 460 suitable for cleanroom ISO 5?']) {
      const { answer } = await chat(question);
      expect(answer.response, question).not.toMatch(/^Yes\b/);
      expect(answer.response, question).not.toMatch(/Yes, the .* fits what you described/);
      expect(answer.response, question).toMatch(/cannot confirm/);
      expect(answer.response, question).toMatch(/not published/i);
    }
  });

  it('"Is the FANUC CRX-10iA food grade?": a yes only when the maker publishes it, never with a "not listed" line under it', async () => {
    const [crx] = (await robotsNamedIn(ctx().handle.db, 'FANUC CRX-10iA')).filter((r) => r.model === 'CRX-10iA');
    const { answer } = await chat('Is the FANUC CRX-10iA food grade?');
    if (crx?.foodGrade === true) expect(answer.response).toMatch(/food-grade/);
    else {
      expect(answer.response).not.toMatch(/^Yes\b/);
      expect(answer.response).toMatch(crx?.foodGrade === false ? /not food-grade/ : /not published/i);
    }
  });

  it('"Food-grade IP67 robot for raw chicken, 5 kg": says no robot is known to fit, counts the unknowns, shows the nearest with their misses', async () => {
    const { answer, named } = await chat('Food-grade IP67 robot for raw chicken, 5 kg');
    expect(answer.response).toMatch(/No robot in our catalog is known to be food-grade, IP67 or better/);
    expect(answer.response).toMatch(/have no published food-grade rating/);
    expect(answer.response).toMatch(/The nearest robots, and what each misses:/);
    expect(named.length).toBeGreaterThan(0);
    // Nothing named is presented as fitting: each misses a limit or does not publish it.
    for (const r of named) expect(r.foodGrade === true && (r.ipRating ?? 0) >= 67, `${r.manufacturer} ${r.model}`).toBe(false);
    expect(answer.response).not.toMatch(/catalog robots that fit/i);
  });

  it('"Food-grade IP67 robot for raw chicken, 5 kg": names the near miss whose published values come closest, with what it misses, linked', async () => {
    const res = await request(ctx().app).post('/ai/chat').send({ message: 'Food-grade IP67 robot for raw chicken, 5 kg' }).expect(200);
    const answer = chatResponseSchema.parse(res.body);
    // The one robot whose maker publishes food-grade: 5 kg rated, 6 kg needed (5 kg part + 20 %), IP66 not IP67.
    const [e0509] = (await robotsNamedIn(ctx().handle.db, 'Doosan Robotics E0509')).filter((r) => r.model === 'E0509');
    expect(e0509?.foodGrade).toBe(true);
    const line = answer.response.split('\n').find((l) => l.includes('E0509'));
    expect(line, answer.response).toBeDefined();
    expect(line).toMatch(/payload 5 kg, 1 kg \(17%\) short/);
    expect(line).toMatch(/IP66, IP67 needed/);
    expect(line).not.toMatch(/food-grade rating not published/);
    expect(answer.metadata.robotLinks?.map((l) => l.href)).toContain(`/robots/${defined(e0509).id}`);
    // Known values come before unknown ones: it is the first near miss named.
    const misses = answer.response.slice(answer.response.indexOf('The nearest robots, and what each misses:'));
    expect(misses.split('\n')[1]).toMatch(/E0509/);
  });

  it.each([
    ['a robot for 2,500 kg castings'],
    ['What robot can handle a 3000 kg payload?'],
  ])('"%s": nothing fits, and the closest robots are named with their misses and linked', async (message) => {
    const res = await request(ctx().app).post('/ai/chat').send({ message }).expect(200);
    const answer = chatResponseSchema.parse(res.body);
    const named = await robotsNamedIn(ctx().handle.db, answer.response);
    expect(answer.response).toMatch(/how far each falls short/);
    expect(named.length).toBeGreaterThan(0);
    const linked = new Set((answer.metadata.robotLinks ?? []).map((l) => l.href));
    for (const r of named) expect(linked.has(`/robots/${r.id}`), `${r.manufacturer} ${r.model}`).toBe(true);
  });

  it('"IP67 robot for 10 kg parts at 1 m reach": every robot recommended is known IP67 or better', async () => {
    const { answer, named } = await chat('IP67 robot for 10 kg parts at 1 m reach');
    expect(answer.robot_data_included).toBe(true);
    expect(named.length).toBeGreaterThan(0);
    for (const r of named) expect(r.ipRating ?? 0, `${r.manufacturer} ${r.model}`).toBeGreaterThanOrEqual(67);
    expect(answer.response).toMatch(/IP6[7-9]/);
  });

  it('"Japanese cobot for 5 kg parts, 900 mm reach": only cobots of Japanese makers', async () => {
    const { named } = await chat('Japanese cobot for 5 kg parts, 900 mm reach');
    expect(named.length).toBeGreaterThan(0);
    for (const r of named) {
      expect(r.makerCountry, `${r.manufacturer} ${r.model}`).toBe('JP');
      expect(r.category).toBe('collaborative');
    }
  });

  it('"ceiling mounted robot for 1 kg picks, 800 mm reach": only robots whose maker allows ceiling mounting', async () => {
    const { named } = await chat('ceiling mounted robot for 1 kg picks, 800 mm reach');
    expect(named.length).toBeGreaterThan(0);
    for (const r of named) expect(r.mounting, `${r.manufacturer} ${r.model}`).toContain('ceiling');
  });

  it('"cleanroom ISO 5 scara for 2 kg parts, 400 mm reach": no SCARA publishes a class; the answer says so and shows the nearest SCARAs with what each does not publish', async () => {
    const { answer, named } = await chat('cleanroom ISO 5 scara for 2 kg parts, 400 mm reach');
    // The kind asked (SCARA, cleanroom ISO 5) is kept (issue 12, session 15): no other type is offered instead.
    expect(answer.response).toMatch(/No robot in our catalog is known to be cleanroom ISO 5 or cleaner and also meet the figures/);
    expect(answer.response).toMatch(/cleanroom class not published/);
    expect(answer.response).not.toMatch(/catalog robots that fit/i);
    expect(named.length).toBeGreaterThan(0);
    for (const r of named) expect(r.category, `${r.manufacturer} ${r.model}`).toBe('scara');
  });

  it('"What is the IP rating of the UR5e?" answers the published value with its source', async () => {
    const { answer } = await chat('What is the IP rating of the UR5e?');
    expect(answer.response).toMatch(/IP54/);
    expect(answer.response).toMatch(/Universal Robots e-Series technical specifications/);
  });

  it('the limits hold over a conversation: "only IP67 robots please" after a task keeps both', async () => {
    const first = await request(ctx().app).post('/ai/chat').send({ message: 'I need a robot for 5 kg parts at 800 mm reach' }).expect(200);
    const history = [
      { role: 'user', content: 'I need a robot for 5 kg parts at 800 mm reach' },
      { role: 'assistant', content: String(first.body.response) },
    ];
    const res = await request(ctx().app).post('/ai/chat').send({ message: 'only IP67 robots please', conversationHistory: history }).expect(200);
    const answer = chatResponseSchema.parse(res.body);
    const named = await robotsNamedIn(ctx().handle.db, answer.response);
    expect(named.length).toBeGreaterThan(0);
    for (const r of named) {
      expect(r.ipRating ?? 0, `${r.manufacturer} ${r.model}`).toBeGreaterThanOrEqual(67);
      expect(r.payloadKg).toBeGreaterThanOrEqual(5);
    }
  });
});
