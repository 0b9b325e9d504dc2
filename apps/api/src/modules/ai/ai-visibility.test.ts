import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import {
  chatResponseSchema,
  compareRobotsResponseSchema,
  errorBodySchema,
  recommendRobotsResponseSchema,
  type ChatRequest,
} from '@cellforge/contracts';
import { robots, robotSearchColumns, seedCatalog } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { defined } from '../../test/defined';

/**
 * An integrator's private import (listed = false) is theirs alone: the assistant must not
 * show it, name it, compare it or count it for anyone else, anonymous visitors included
 * (issue 15, item 1). Written from the outside: only HTTP calls and the answers' text.
 */
describe.each(testBackends)('AI endpoints and private robots on %s', (backend) => {
  const ctx = useTestApp(backend);
  const MODEL = 'Quokka QX-7 Stealth';
  let owner: { token: string; id: string };
  let stranger: { token: string };
  let privateId: string;

  beforeEach(async () => {
    await seedCatalog(ctx().handle.db);
    const a = await registerUser(ctx().app, { user_type: 'integrator' });
    const b = await registerUser(ctx().app, { user_type: 'integrator' });
    owner = { token: a.token, id: a.user.id };
    stranger = { token: b.token };
    // Built to be the best answer to the questions below: 7 kg (5 kg parts with the tool allowance), 901 mm, cheap, palletizing.
    const [row] = await ctx()
      .handle.db.insert(robots)
      .values({
        manufacturer: 'Quokka Robotics',
        model: MODEL,
        ...robotSearchColumns({ manufacturer: 'Quokka Robotics', model: MODEL }),
        category: 'articulated',
        payloadKg: 7,
        reachMm: 901,
        dof: 6,
        priceMinUsd: 1000,
        priceMaxUsd: 1200,
        applications: ['palletizing', 'pick and place'],
        ownerId: a.user.id,
        listed: false,
      })
      .returning();
    privateId = defined(row).id;
  });

  const recommend = async (headers: Record<string, string>) => {
    const res = await request(ctx().app)
      .post('/ai/recommend-robots')
      .set(headers)
      .send({ payload_kg: 5, reach_mm: 850, manufacturer: 'Quokka Robotics', limit: 10 })
      .expect(200);
    return recommendRobotsResponseSchema.parse(res.body);
  };

  it('recommend-robots never returns another account\'s private robot', async () => {
    for (const headers of [{}, bearer(stranger.token)]) {
      const body = await recommend(headers);
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.data.map((d) => d.robot.id)).not.toContain(privateId);
      expect(JSON.stringify(body)).not.toContain('Quokka QX-7');
      expect(JSON.stringify(body)).not.toContain(owner.id);
    }
  });

  it('recommend-robots includes the robot for its owner', async () => {
    const body = await recommend(bearer(owner.token));
    expect(body.data[0]?.robot.id).toBe(privateId);
  });

  it('compare-robots answers 404 for another account\'s private robot, as for an unknown id', async () => {
    const [ur] = await ctx().handle.db.select({ id: robots.id }).from(robots).limit(1);
    for (const headers of [{}, bearer(stranger.token)]) {
      const res = await request(ctx().app).post('/ai/compare-robots').set(headers).send({ ids: [defined(ur).id, privateId] }).expect(404);
      const err = errorBodySchema.parse(res.body);
      expect(err.code).toBe('NOT_FOUND');
      expect(res.text).not.toContain('Quokka');
    }
    const own = await request(ctx().app).post('/ai/compare-robots').set(bearer(owner.token)).send({ ids: [defined(ur).id, privateId] }).expect(200);
    expect(compareRobotsResponseSchema.parse(own.body).data.map((r) => r.id)).toContain(privateId);
  });

  it('chat does not name or describe a private robot to anyone but its owner', async () => {
    const questions: ChatRequest[] = [
      { message: `What is the payload of the ${MODEL}?` },
      { message: 'Tell me about the QX-7 Stealth' },
      { message: 'I need a palletizing robot for 5 kg parts with 850 mm reach from Quokka Robotics' },
      { message: 'What payload can it carry?', context: { page: 'robot_detail', robotId: privateId } },
      { message: 'Which of these has the longest reach?', context: { page: 'compare', robotIds: [privateId] } },
    ];
    for (const headers of [{}, bearer(stranger.token)]) {
      for (const q of questions) {
        const res = await request(ctx().app).post('/ai/chat').set(headers).send(q).expect(200);
        const body = chatResponseSchema.parse(res.body);
        expect(JSON.stringify(body), q.message).not.toMatch(/Quokka QX-7|QX-7 Stealth|901 mm/);
      }
    }
    const mine = await request(ctx().app)
      .post('/ai/chat')
      .set(bearer(owner.token))
      .send({ message: 'What payload can it carry?', context: { page: 'robot_detail', robotId: privateId } })
      .expect(200);
    expect(chatResponseSchema.parse(mine.body).response).toMatch(/7 kg/);
  });
});
