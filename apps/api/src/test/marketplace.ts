import request from 'supertest';
import type { Express } from 'express';
import { robotListResponseSchema, type Robot } from '@cellforge/contracts';

/** A date `days` from today (YYYY-MM-DD), as a quote's validity date. */
export const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The shared catalog's model a search for `q` finds first (not a row someone owns). */
export async function catalogRobot(app: Express, q: string): Promise<Robot> {
  const res = robotListResponseSchema.parse((await request(app).get('/api/robots').query({ q }).expect(200)).body);
  const robot = res.data.find((r) => r.owner_id === null);
  if (!robot) throw new Error(`no catalog robot for ${q}`);
  return robot;
}
