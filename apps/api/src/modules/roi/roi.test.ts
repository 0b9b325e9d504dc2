import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { errorBodySchema } from '@cellforge/contracts';
import { ROI_DEFAULT_INPUTS, calculateRoi, roiCalculateResponseSchema } from '@cellforge/roi';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { defined } from '../../test/defined';

describe.each(testBackends)('POST /api/roi/calculate on %s', (backend) => {
  const ctx = useTestApp(backend);

  it('answers the figures of the shared ROI package', async () => {
    const res = await request(ctx().app).post('/api/roi/calculate').send(ROI_DEFAULT_INPUTS).expect(200);
    const { data } = roiCalculateResponseSchema.parse(res.body);
    expect(data).toMatchObject({
      upfrontCost: 150_000,
      annualSavings: 89_400,
      paybackMonths: 20.1,
      roiPercent: 198,
      npv: 206_948.28,
      irrPercent: 52.3,
    });
    expect(data.yearly).toHaveLength(6);
    expect(Object.keys(data.scenarios)).toEqual(['pessimistic', 'realistic', 'optimistic']);
    expect(data).toEqual(calculateRoi(ROI_DEFAULT_INPUTS));
  });

  it('answers null payback ("never") when the cell does not save money', async () => {
    const res = await request(ctx().app)
      .post('/api/roi/calculate')
      .send({ ...ROI_DEFAULT_INPUTS, workersPerShift: 0, productivityGainPercent: 0, qualitySavingsPerYear: 0 })
      .expect(200);
    const { data } = roiCalculateResponseSchema.parse(res.body);
    expect(data.annualSavings).toBe(-18_000);
    expect(data.paybackMonths).toBeNull();
    expect(data.irrPercent).toBeNull();
  });

  it('names each invalid field', async () => {
    const { horizonYears: _, ...withoutHorizon } = ROI_DEFAULT_INPUTS;
    const res = await request(ctx().app)
      .post('/api/roi/calculate')
      .send({ ...withoutHorizon, robotCost: 0, hourlyLaborCost: 'lots', shiftsPerDay: 1.5 })
      .expect(400);
    const err = errorBodySchema.parse(res.body);
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.details).toEqual({
      robotCost: ['Robot and cell cost must be at least $1'],
      hourlyLaborCost: ['Loaded hourly labour cost must be a number'],
      shiftsPerDay: ['Shifts per day must be a whole number'],
      horizonYears: ['Horizon is required'],
    });
    expect(err.message).toMatch(/^Invalid robotCost, /);
  });

  it('checks that a working day has at most 24 hours', async () => {
    const res = await request(ctx().app)
      .post('/api/roi/calculate')
      .send({ ...ROI_DEFAULT_INPUTS, shiftsPerDay: 3, hoursPerShift: 10 })
      .expect(400);
    expect(errorBodySchema.parse(res.body).details).toEqual({
      hoursPerShift: ['Shifts per day × hours per shift must be at most 24 hours (now 30)'],
    });
  });

  it('rejects an empty body and a body that is not JSON', async () => {
    const empty = await request(ctx().app).post('/api/roi/calculate').expect(400);
    expect(Object.keys(defined(errorBodySchema.parse(empty.body).details))).toHaveLength(15);
    const broken = await request(ctx().app)
      .post('/api/roi/calculate')
      .set('Content-Type', 'application/json')
      .send('{"robotCost":')
      .expect(400);
    expect(errorBodySchema.parse(broken.body).code).toBe('INVALID_JSON');
  });

  it('needs no sign-in and only answers POST', async () => {
    await request(ctx().app).get('/api/roi/calculate').expect(404);
  });
});
