import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { contactResponseSchema, errorBodySchema } from '@cellforge/contracts';
import { contactMessages } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { defined } from '../../test/defined';

const message = {
  name: 'Grace Hopper',
  email: 'Grace@Example.com',
  company: 'Navy Yard',
  subject: 'Palletizing cell',
  message: 'We want to automate end-of-line palletizing for 3 lines.',
};

describe.each(testBackends)('POST /api/contact on %s', (backend) => {
  const ctx = useTestApp(backend);

  it('stores the message and answers 201', async () => {
    const res = await request(ctx().app).post('/api/contact').send(message).expect(201);
    const parsed = contactResponseSchema.parse(res.body);
    const rows = await ctx().handle.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: parsed.id, email: 'grace@example.com', subject: 'Palletizing cell', userId: null });
  });

  it('links the message to a signed-in user', async () => {
    const { token, user } = await registerUser(ctx().app);
    await request(ctx().app).post('/api/contact').set(bearer(token)).send(message).expect(201);
    const [row] = await ctx().handle.db.select().from(contactMessages);
    expect(defined(row).userId).toBe(user.id);
  });

  it('names bad fields and stores nothing', async () => {
    const res = await request(ctx().app).post('/api/contact').send({ ...message, email: 'nope', message: 'short' }).expect(400);
    const err = errorBodySchema.parse(res.body);
    expect(Object.keys(defined(err.details))).toEqual(expect.arrayContaining(['email', 'message']));
    expect(await ctx().handle.db.select().from(contactMessages)).toHaveLength(0);
  });
});
