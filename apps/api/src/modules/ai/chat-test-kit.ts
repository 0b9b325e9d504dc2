import { beforeEach } from 'vitest';
import request from 'supertest';
import { chatResponseSchema, type ChatRequest, type ChatResponse } from '@cellforge/contracts';
import type { Express } from 'express';
import { seedCatalog, type Database } from '@cellforge/db';
import type { TestBackend } from '@cellforge/db/testing';
import { useTestApp } from '../../test/create-test-app';
import type { RobotRow } from '../catalog';
import { findNamedRobots } from './advisor/mentions';
import { createModelNameIndex } from './advisor/model-index';

/** The catalog robots a text names (each once), read by the index the chat checks its answers with. */
export async function robotsNamedIn(db: Database, text: string): Promise<RobotRow[]> {
  const found = await findNamedRobots(createModelNameIndex(db), text);
  return [...new Map(found.known.map((k) => [k.robot.id, k.robot])).values()];
}

/**
 * The set-up the assistant's API tests share (buyers' words, outside testers, languages,
 * environment limits): an app on the backend with the seed catalog, `chat` (POST /ai/chat,
 * the answer checked against its schema) and `named` (the robots an answer names).
 */
export function useChatApp(backend: TestBackend) {
  const ctx = useTestApp(backend);
  beforeEach(async () => {
    await seedCatalog(ctx().handle.db);
  });
  const chat = async (body: ChatRequest): Promise<ChatResponse> => {
    const res = await request(ctx().app).post('/ai/chat').send(body).expect(200);
    return chatResponseSchema.parse(res.body);
  };
  const named = (answer: ChatResponse) => robotsNamedIn(ctx().handle.db, answer.response);
  return { ctx, chat, named };
}

/** A catalog robot as GET /api/robots lists it (the figures the assistant's answers are checked against). */
export type ListedRobot = { id: string; manufacturer: string; model: string; category: string; payload_kg: number; reach_mm: number };

/** Every robot the public catalog lists, page by page (up to 1,000). */
export async function listedRobots(app: Express): Promise<ListedRobot[]> {
  const rows: ListedRobot[] = [];
  for (let page = 1; page <= 10; page += 1) {
    const res = await request(app).get('/api/robots').query({ limit: 100, page }).expect(200);
    const { data } = res.body as { data: ListedRobot[] };
    rows.push(...data);
    if (data.length < 100) break;
  }
  return rows;
}

/** The ids of the robots an answer links, in order. */
export const linkedIds = (answer: ChatResponse): string[] => (answer.metadata.robotLinks ?? []).map((l) => l.href.replace(/^\/robots\//, ''));
