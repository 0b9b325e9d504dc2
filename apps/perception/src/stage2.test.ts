import { errorBodySchema, stage1ResultsSchema, stage2ResultsSchema } from '@cellforge/contracts';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpCatalogClient } from './stage2/catalog';
import type { Stage2Output } from './stage2/run-stage2';
import { buildRobot, createTestEnv, startFakeCatalog, unusedPort, type TestEnv } from './test/helpers';
import { z } from 'zod';
import { defined, nth } from './test/defined';

const confirmAnswerSchema = z.object({
  success: z.literal(true),
  job_id: z.string(),
  confirmed: z.boolean(),
  confirmed_data: stage1ResultsSchema,
});

const catalogRobots = [
  buildRobot({ manufacturer: 'Acme', model: 'A-7', payload_kg: 7, reach_mm: 900 }),
  buildRobot({ manufacturer: 'Acme', model: 'A-12', payload_kg: 12, reach_mm: 1300 }),
  buildRobot({ manufacturer: 'Acme', model: 'A-20', payload_kg: 20, reach_mm: 1300 }),
  buildRobot({ manufacturer: 'Acme', model: 'A-20S', payload_kg: 20, reach_mm: 800 }),
  buildRobot({ manufacturer: 'Scarab', model: 'S-20', category: 'scara', dof: 4, payload_kg: 20, reach_mm: 1000 }),
  buildRobot({ manufacturer: 'Acme', model: 'A-3', payload_kg: 3, reach_mm: 600 }),
  buildRobot({ manufacturer: 'Acme', model: 'A-50-retired', payload_kg: 50, reach_mm: 2000, status: 'inactive' }),
];

/** Stage 1 as the service stores it: no payload weight (the video cannot see it). */
const stage1 = {
  project_id: 'proj-1',
  job_id: 'job-1',
  extracted_activities: [
    {
      activity_name: 'Activity 1, 0:00-0:40, high motion',
      description: '0:00-0:40 (40.0 s). Motion high. Repeats every 4.0 s (10 cycles).',
      start_s: 0,
      end_s: 40,
      duration_s: 40,
      key_frame: 'proj-1/job-1/frames/1.jpg',
      motion_level: 'high',
      cycle_time_s: 4,
    },
  ],
  extracted_payloads: [{ name: 'Gearbox housing', weight_kg: null, dimensions_mm: null }],
  extracted_workstations: [{ name: 'Assembly bench', dimensions_mm: [1200, 800, 900] }],
  cycle_time_s: 4,
};

let catalog: Awaited<ReturnType<typeof startFakeCatalog>>;
let env: TestEnv;
const ids = { job_id: 'job-1', project_id: 'proj-1', user_id: 'user-1' };

beforeAll(async () => {
  catalog = await startFakeCatalog(catalogRobots);
});
afterAll(async () => {
  await catalog.close();
});
beforeEach(async () => {
  await env?.cleanup();
  env = await createTestEnv({}, { catalogUrl: catalog.url, serviceBucket: 'results' });
  // stage 1 wrote its results to the job's result bucket and a pointer to it
  await env.storage.putObject('job-results', 'proj-1/job-1/stage1.json', Buffer.from(JSON.stringify(stage1)));
  await env.storage.putObject('results', 'jobs/proj-1/job-1.json', Buffer.from(JSON.stringify({ result_bucket: 'job-results' })));
});
afterAll(async () => {
  await env?.cleanup();
});

const confirmTenKg = {
  ...ids,
  confirmed: true,
  message: 'Weights checked on the scale',
  updated_data: { extracted_payloads: [{ name: 'Gearbox housing', weight_kg: 10, dimensions_mm: [300, 200, 150] }] },
};

function expectError(res: request.Response, status: number, code: string, message: RegExp) {
  expect(res.status).toBe(status);
  const body = errorBodySchema.parse(res.body);
  expect(body).toMatchObject({ code, error: body.message });
  expect(body.message).toMatch(message);
  return body;
}

describe('POST /confirm', () => {
  it('stores the corrections merged over stage 1 as the confirmed data', async () => {
    const res = await request(env.app).post('/confirm').send(confirmTenKg).expect(200);
    const answer = confirmAnswerSchema.parse(res.body);
    expect(answer).toMatchObject({ success: true, job_id: 'job-1', confirmed: true });
    expect(answer.confirmed_data.extracted_payloads).toEqual([{ name: 'Gearbox housing', weight_kg: 10, dimensions_mm: [300, 200, 150] }]);
    expect(answer.confirmed_data.extracted_activities).toEqual(stage1.extracted_activities);
    expect(res.body.confirmed_data.extracted_activities[0].cycle_time_s).toBe(4);

    const stored = JSON.parse((await env.storage.getObjectBuffer('job-results', 'proj-1/job-1/confirmation.json')).toString());
    expect(stored).toMatchObject({ confirmed: true, message: 'Weights checked on the scale', confirmed_at: '2025-01-02T03:04:05.000Z', user_id: 'user-1' });
    expect(stored.confirmed_data).toEqual(res.body.confirmed_data);
  });

  it('404 STAGE1_NOT_FOUND before stage 1 ran', async () => {
    expectError(await request(env.app).post('/confirm').send({ ...confirmTenKg, job_id: 'job-2' }), 404, 'STAGE1_NOT_FOUND', /No stage 1 results for job job-2/);
  });

  it('400 VALIDATION_FAILED with details for a body that breaks the contract', async () => {
    const body = expectError(
      await request(env.app).post('/confirm').send({ ...ids, confirmed: 'yes', updated_data: { extracted_payloads: [{ name: 'Box', weight_kg: 'ten' }] } }),
      400,
      'VALIDATION_FAILED',
      /invalid/,
    );
    expect(Object.keys(defined(body.details)).sort()).toEqual(['confirmed', 'updated_data.extracted_payloads.0.dimensions_mm', 'updated_data.extracted_payloads.0.weight_kg']);
  });
});

describe('POST /stage2', () => {
  it('409 NOT_CONFIRMED before a confirmation, and after confirmed=false', async () => {
    expectError(await request(env.app).post('/stage2').send(ids), 409, 'NOT_CONFIRMED', /needs confirmed stage 1 results/);
    await request(env.app).post('/confirm').send({ ...confirmTenKg, confirmed: false }).expect(200);
    expectError(await request(env.app).post('/stage2').send(ids), 409, 'NOT_CONFIRMED', /were not confirmed \(confirmed=false\)/);
    expect(catalog.requests.length).toBe(0);
  });

  it('generates configurations from the confirmed data, hand-checked for a 10 kg payload', async () => {
    await request(env.app).post('/confirm').send(confirmTenKg).expect(200);
    const res = await request(env.app).post('/stage2').send(ids).expect(200);
    expect(stage2ResultsSchema.safeParse(res.body).success).toBe(true);
    const results = res.body as Stage2Output;

    // the catalog is asked from half the payload up, lightest first
    const asked = defined(catalog.requests.at(-1));
    expect(Object.fromEntries(asked.searchParams)).toEqual({ minPayload: '5', sort: 'payload', limit: '100', page: '1' });

    const [task] = results.task_configurations;
    expect(defined(task).task_name).toBe('Activity 1, 0:00-0:40, high motion');
    expect(defined(task).requirements).toMatchObject({ payload_kg: 12, reach_mm: 872, min_axes: 6, cycle_time_s: 4 });
    const byModel = Object.fromEntries(defined(task).robot_configurations.map((c) => [c.robot_model, c]));
    // 10 kg + 20 % = 12 kg needed; 1200 x 800 bench -> 872 mm; 6 axes; 2 x 872 / 1500 + 1 = 2.2 s <= 4.0 s
    expect(byModel['A-20']).toMatchObject({ manufacturer: 'Acme', payload_kg: 20, reach_mm: 1300, is_viable: true });
    expect(defined(byModel['A-20']).reason).toMatch(/^Viable: payload 20 kg ≥ 12 kg needed.*estimated cycle 2\.2 s ≤ 4\.0 s observed\.$/);
    expect(byModel['A-7']).toMatchObject({ is_viable: false });
    expect(defined(byModel['A-7']).reason).toMatch(/^Not viable: payload 7 kg < 12 kg needed: 10 kg heaviest payload \+ 20% tool margin\. Fits: reach 900 mm ≥ 872 mm needed;/);
    // exactly part + 20 %: viable, as project matching and the assistant say (with 25 % it was not)
    expect(byModel['A-12']).toMatchObject({ is_viable: true });
    expect(defined(byModel['A-12']).reason).toMatch(/^Viable: payload 12 kg ≥ 12 kg needed: 10 kg heaviest payload \+ 20% tool margin;/);
    expect(defined(byModel['A-20S']).reason).toContain('reach 800 mm < 872 mm needed');
    expect(defined(byModel['S-20']).reason).toContain('4 axes < 6 needed for general handling');
    // viable first, smallest payload first; then the misses with one failure, nearest the 12 kg first (7 kg, then the two 20 kg: the short one, the SCARA)
    expect(defined(task).robot_configurations.map((c) => c.robot_model)).toEqual(['A-12', 'A-20', 'A-7', 'A-20S', 'S-20']);
    expect(byModel['A-3']).toBeUndefined(); // below minPayload
    expect(byModel['A-50-retired']).toBeUndefined(); // inactive

    expect(results.stage2_summary).toEqual({
      total_tasks_identified: 1,
      total_configurations_generated: defined(task).robot_configurations.length,
      viable_configurations: 2,
      deployment_locations_analyzed: 1,
    });
    // the payload multiplier, as before (was 1.25): 1 + the one 20 % tool allowance
    expect(results.assumptions.tool_margin).toBe(1.2);
    const saved = JSON.parse((await env.storage.getObjectBuffer('job-results', 'proj-1/job-1/stage2.json')).toString());
    expect(saved).toEqual(results);
  });

  it('uses the confirmed data, never the unconfirmed stage 1', async () => {
    // confirmed without corrections: stage 1 has no payload weight, so nothing can be viable
    await request(env.app).post('/confirm').send({ ...ids, confirmed: true }).expect(200);
    // stage 1 changing afterwards must not leak in either
    await env.storage.putObject('job-results', 'proj-1/job-1/stage1.json', Buffer.from(JSON.stringify({ ...stage1, extracted_payloads: [{ name: 'X', weight_kg: 1, dimensions_mm: null }] })));
    const results = (await request(env.app).post('/stage2').send(ids).expect(200)).body as Stage2Output;
    expect(nth(results.task_configurations, 0).requirements.payloads).toEqual(['Gearbox housing']);
    expect(results.stage2_summary.viable_configurations).toBe(0);
    expect(nth(nth(results.task_configurations, 0).robot_configurations, 0).reason).toContain('no payload weight is confirmed');
  });

  it('says that payload fit was not checked when confirmed without a weight, at confirm and in stage 2', async () => {
    const confirm = await request(env.app).post('/confirm').send({ ...ids, confirmed: true, updated_data: { extracted_workstations: [] } }).expect(200);
    expect(confirm.body.warnings).toEqual([
      'No payload weight is confirmed: stage 2 cannot check payload fit and will mark no robot viable. Add the weight of the heaviest part.',
      'No workstation size is confirmed: stage 2 will not check reach.',
    ]);
    const results = stage2ResultsSchema.parse((await request(env.app).post('/stage2').send(ids).expect(200)).body) as unknown as Stage2Output;
    expect(results.stage2_summary.viable_configurations).toBe(0);
    expect(results.warnings).toEqual([
      'Payload fit was not checked for the task (Activity 1, 0:00-0:40, high motion): no payload weight is confirmed, so no robot is marked viable for it. Confirm again with the weight.',
    ]);
    for (const config of nth(results.task_configurations, 0).robot_configurations) expect(config.reason).toMatch(/^Not viable: payload fit not checked/);
  });

  it('leaves a low-confidence measured cycle unchecked in every configuration, and checks it once the user corrects it', async () => {
    const uncertain = { ...stage1, extracted_activities: [{ ...nth(stage1.extracted_activities, 0), cycle_time_s: 2, cycle_confidence: 0.31 }] };
    await env.storage.putObject('job-results', 'proj-1/job-1/stage1.json', Buffer.from(JSON.stringify(uncertain)));
    const confirm = await request(env.app).post('/confirm').send(confirmTenKg).expect(200);
    expect(confirm.body.warnings).toEqual(['1 measured cycle time has low confidence: stage 2 will not hold robots to it unless corrected here.']);
    let results = (await request(env.app).post('/stage2').send(ids).expect(200)).body as Stage2Output;
    let task = nth(results.task_configurations, 0);
    expect(task.requirements).toMatchObject({ cycle_time_s: 2, cycle_confidence: 0.31 });
    // a 2.0 s cycle would rule out A-12 and A-20 (estimated 2.2 s); unchecked, they stay viable
    expect(task.robot_configurations.filter((c) => c.is_viable).map((c) => c.robot_model)).toEqual(['A-12', 'A-20']);
    for (const c of task.robot_configurations) expect(c.reason).toContain('Not checked: cycle time (the 2.0 s cycle was measured with low confidence (0.31 < 0.5)');
    expect(results.warnings).toEqual([expect.stringMatching(/^Activity 1, 0:00-0:40, high motion: cycle time not checked: the 2\.0 s cycle was measured with low confidence/)]);

    // the integrator types in the cycle they timed: it is theirs, and checked
    await request(env.app)
      .post('/confirm')
      .send({ ...confirmTenKg, updated_data: { ...confirmTenKg.updated_data, extracted_activities: [{ activity_name: 'Load', description: '', key_frame: 'proj-1/job-1/frames/1.jpg', cycle_time_s: 2.1 }] } })
      .expect(200);
    results = (await request(env.app).post('/stage2').send(ids).expect(200)).body as Stage2Output;
    task = nth(results.task_configurations, 0);
    expect(task.requirements).toMatchObject({ cycle_time_s: 2.1, cycle_confidence: null, cycle_unchecked: null });
    expect(task.robot_configurations.filter((c) => c.is_viable)).toEqual([]);
    expect(defined(task.robot_configurations.find((c) => c.robot_model === 'A-20')).reason).toContain('estimated cycle 2.2 s > 2.1 s observed');
    expect(results.warnings).toEqual([]);
  });

  it('holds robots to the cycle target and reach the integrator confirms from the project, over a low-confidence measurement (issue 16)', async () => {
    const uncertain = { ...stage1, extracted_activities: [{ ...nth(stage1.extracted_activities, 0), cycle_time_s: 2, cycle_confidence: 0.31 }] };
    await env.storage.putObject('job-results', 'proj-1/job-1/stage1.json', Buffer.from(JSON.stringify(uncertain)));
    const confirm = await request(env.app)
      .post('/confirm')
      .send({ ...confirmTenKg, updated_data: { ...confirmTenKg.updated_data, extracted_workstations: [], required_reach_mm: 1400, target_cycle_time_s: 2.1 } })
      .expect(200);
    // the stated target replaces the uncertain measurement; the stated reach stands in for a workstation
    expect(confirm.body.warnings).toEqual([]);
    expect(confirm.body.confirmed_data).toMatchObject({ required_reach_mm: 1400, target_cycle_time_s: 2.1 });
    const results = (await request(env.app).post('/stage2').send(ids).expect(200)).body as Stage2Output;
    const task = nth(results.task_configurations, 0);
    expect(task.requirements).toMatchObject({ reach_mm: 1400, cycle_time_s: 2.1, cycle_confidence: null, cycle_unchecked: null });
    const a20 = defined(defined(task.robot_configurations.find((c) => c.robot_model === 'A-20')).reason);
    expect(a20).toContain('reach 1300 mm < 1400 mm needed');
    expect(a20).toMatch(/estimated cycle \d+\.\d s > 2\.1 s/);
    expect(results.warnings).toEqual([]);
  });

  it('accepts a SCARA for a task the user marked planar', async () => {
    await request(env.app)
      .post('/confirm')
      .send({
        ...confirmTenKg,
        updated_data: {
          ...confirmTenKg.updated_data,
          extracted_activities: [{ activity_name: 'Move housings from conveyor to tray', description: 'Planar pick-and-place', key_frame: 'proj-1/job-1/frames/1.jpg' }],
        },
      })
      .expect(200);
    const results = (await request(env.app).post('/stage2').send(ids).expect(200)).body as Stage2Output;
    const task = nth(results.task_configurations, 0);
    expect(task.task_name).toBe('Move housings from conveyor to tray');
    expect(task.requirements).toMatchObject({ planar: true, min_axes: 4, cycle_time_s: 4 });
    expect(task.robot_configurations.find((c) => c.robot_model === 'S-20')).toMatchObject({ is_viable: true });
  });

  it('502 CATALOG_UNAVAILABLE when the catalog is down or answers nonsense', async () => {
    const down = await createTestEnv({}, { catalogUrl: `http://127.0.0.1:${await unusedPort()}` });
    try {
      await down.storage.putObject('results', 'proj-1/job-1/stage1.json', Buffer.from(JSON.stringify(stage1)));
      await request(down.app).post('/confirm').send(confirmTenKg).expect(200);
      expectError(await request(down.app).post('/stage2').send(ids), 502, 'CATALOG_UNAVAILABLE', /robot catalog at http:\/\/127\.0\.0\.1:\d+\/api\/robots could not be read: ECONNREFUSED/);
    } finally {
      await down.cleanup();
    }
    const nonsense = createHttpCatalogClient({ baseUrl: 'http://catalog.test', timeoutMs: 1000, fetch: async () => new Response(JSON.stringify({ robots: [] })) });
    await expect(nonsense.listRobots({ minPayload: 0 })).rejects.toMatchObject({ code: 'CATALOG_UNAVAILABLE', message: expect.stringContaining('unexpected shape') });
    const failing = createHttpCatalogClient({ baseUrl: 'http://catalog.test', timeoutMs: 1000, fetch: async () => new Response('oops', { status: 500 }) });
    await expect(failing.listRobots({ minPayload: 0 })).rejects.toMatchObject({ code: 'CATALOG_UNAVAILABLE', message: expect.stringContaining('HTTP 500') });
  });

  it('reads every page of a large catalog', async () => {
    const many = Array.from({ length: 230 }, (_, i) => buildRobot({ payload_kg: 10 + i }));
    const big = await startFakeCatalog(many);
    try {
      const client = createHttpCatalogClient({ baseUrl: big.url, fetch, timeoutMs: 5000 });
      expect((await client.listRobots({ minPayload: 0 })).length).toBe(230);
      expect(big.requests.map((u) => u.searchParams.get('page'))).toEqual(['1', '2', '3']);
    } finally {
      await big.close();
    }
  });

  it('400 VALIDATION_FAILED for a body without ids', async () => {
    const body = expectError(await request(env.app).post('/stage2').send({ job_id: 'job-1' }), 400, 'VALIDATION_FAILED', /invalid/);
    expect(Object.keys(defined(body.details)).sort()).toEqual(['project_id', 'user_id']);
  });
});
