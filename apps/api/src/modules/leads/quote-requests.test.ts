import { describe, expect, it } from 'vitest';
import request from 'supertest';
import {
  leadListResponseSchema,
  quoteRequestCreatedSchema,
  quoteRequestListSchema,
  threadDetailResponseSchema,
  threadListSchema,
} from '@cellforge/contracts';
import { robots, robotSearchColumns, seedCatalog } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { catalogRobot, inDays } from '../../test/marketplace';

describe.each(testBackends)('requests for quote and conversations on %s', (backend) => {
  const ctx = useTestApp(backend, { quoteRequestRateLimit: 3 }, { seed: (db) => seedCatalog(db) });
  const app = () => ctx().app;

  it('a buyer asks for a price on a datasheet model nobody sells; a supplier answers the open request with a quote; the buyer accepts', async () => {
    const buyer = await registerUser(app(), { company_name: 'Acme Foods' });
    const robot = await catalogRobot(app(), 'CRX-10iA');
    const project = await request(app())
      .post('/projects')
      .set(bearer(buyer.token))
      .send({ project_name: 'Case packing', requirements: { application: 'Packaging', payload_kg: 8, reach_mm: 1200, budget_usd: 60000 } })
      .expect(201);

    const created = quoteRequestCreatedSchema.parse(
      (
        await request(app())
          .post('/api/quote-requests')
          .set(bearer(buyer.token))
          .send({ robot_id: robot.id, project_id: project.body.data.id, quantity: 2, timeline: '1_3_months', notes: 'Two cells, delivery to Lyon.' })
          .expect(201)
      ).body,
    );
    expect(created.sent_to).toBe(0);
    expect(created.message).toContain('open to every supplier and integrator');
    expect(created.data).toMatchObject({
      status: 'open',
      quantity: 2,
      timeline: '1_3_months',
      robot: { id: robot.id, manufacturer: 'FANUC', model: 'CRX-10iA' },
      project: { project_name: 'Case packing' },
      requirements: { application: 'Packaging', payload_kg: 8, reach_mm: 1200, budget_usd: 60000 },
    });

    const mine = quoteRequestListSchema.parse((await request(app()).get('/api/quote-requests').set(bearer(buyer.token)).expect(200)).body);
    expect(mine.data.map((r) => r.id)).toEqual([created.data.id]);

    // Suppliers and integrators see the open request with the buyer's company, not their e-mail.
    const supplier = await registerUser(app(), { user_type: 'supplier', company_name: 'RoboSource' });
    const integrator = await registerUser(app(), { user_type: 'system_integrator' });
    for (const seller of [supplier, integrator]) {
      const open = (await request(app()).get('/api/quote-requests/open').set(bearer(seller.token)).expect(200)).body;
      const list = quoteRequestListSchema.parse(open);
      expect(list.data).toHaveLength(1);
      expect(list.data[0]).toMatchObject({ id: created.data.id, customer: { company_name: 'Acme Foods' }, quantity: 2 });
      expect(JSON.stringify(open)).not.toContain(buyer.user.email);
    }
    const otherBuyer = await registerUser(app());
    await request(app()).get('/api/quote-requests/open').set(bearer(otherBuyer.token)).expect(403);

    // A quote dated in the past is refused before anything is written.
    const stale = await request(app())
      .post(`/api/quote-requests/${created.data.id}/answers`)
      .set(bearer(supplier.token))
      .send({ message: 'We can deliver both.', quote: { price: 41000, currency: 'EUR', valid_until: '2020-01-01' } })
      .expect(400);
    expect(stale.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await request(app()).get('/api/threads').set(bearer(buyer.token)).expect(200)).body.data).toHaveLength(0);

    const answered = threadDetailResponseSchema.parse(
      (
        await request(app())
          .post(`/api/quote-requests/${created.data.id}/answers`)
          .set(bearer(supplier.token))
          .send({ message: 'We can deliver both in six weeks.', quote: { price: 41000, currency: 'EUR', valid_until: inDays(30), notes: 'Per robot, with teach pendant.' } })
          .expect(201)
      ).body,
    ).data;
    expect(answered).toMatchObject({ role: 'seller', status: 'quoted', kind: 'quote_request', counterpart: { id: buyer.user.id, email: buyer.user.email } });
    expect(answered.messages.map((m) => [m.kind, m.body, m.mine])).toEqual([
      ['message', 'Two cells, delivery to Lyon.', false],
      ['message', 'We can deliver both in six weeks.', true],
      ['quote', 'Per robot, with teach pendant.', true],
    ]);
    expect(answered.messages[2]?.quote).toMatchObject({ price: 41000, currency: 'EUR', valid_until: inDays(30), expired: false });

    // The buyer has one unread conversation with the quote in view.
    expect((await request(app()).get('/api/threads/unread').set(bearer(buyer.token)).expect(200)).body).toEqual({ unread: 1 });
    const inbox = threadListSchema.parse((await request(app()).get('/api/threads').set(bearer(buyer.token)).expect(200)).body);
    expect(inbox.unread).toBe(1);
    expect(inbox.data[0]).toMatchObject({
      role: 'buyer',
      unread: true,
      status: 'quoted',
      robot: { manufacturer: 'FANUC', model: 'CRX-10iA' },
      project: { project_name: 'Case packing' },
      quote_request: { quantity: 2, timeline: '1_3_months', requirements: { payload_kg: 8 } },
      counterpart: { id: supplier.user.id, company_name: 'RoboSource' },
      latest_quote: { price: 41000, currency: 'EUR' },
    });

    // Nobody else reads it; the seller cannot accept their own quote; the buyer cannot quote.
    const threadId = answered.id;
    await request(app()).get(`/api/threads/${threadId}`).set(bearer(integrator.token)).expect(404);
    await request(app()).post(`/api/threads/${threadId}/messages`).set(bearer(otherBuyer.token)).send({ body: 'hello' }).expect(404);
    await request(app()).post(`/api/threads/${threadId}/accept`).set(bearer(supplier.token)).expect(403);
    await request(app())
      .post(`/api/threads/${threadId}/quotes`)
      .set(bearer(buyer.token))
      .send({ price: 1, valid_until: inDays(3) })
      .expect(403);

    const read = threadDetailResponseSchema.parse((await request(app()).get(`/api/threads/${threadId}`).set(bearer(buyer.token)).expect(200)).body).data;
    expect(read.can).toEqual({ reply: true, quote: false, accept: true, decline: true, close: true });
    expect((await request(app()).get('/api/threads/unread').set(bearer(buyer.token)).expect(200)).body).toEqual({ unread: 0 });

    const accepted = threadDetailResponseSchema.parse((await request(app()).post(`/api/threads/${threadId}/accept`).set(bearer(buyer.token)).expect(200)).body).data;
    expect(accepted.status).toBe('accepted');
    expect(accepted.messages.at(-1)).toMatchObject({ kind: 'status', body: 'Quote accepted', mine: true });
    expect(accepted.can.accept).toBe(false);
    // The seller sees it unread; the request is fulfilled, so nobody else can answer it: an
    // integrator who saw it open is told the customer closed it (409, decisions.md, session 12).
    expect((await request(app()).get('/api/threads/unread').set(bearer(supplier.token)).expect(200)).body).toEqual({ unread: 1 });
    expect((await request(app()).get('/api/quote-requests/open').set(bearer(integrator.token)).expect(200)).body.data).toEqual([]);
    const late = await request(app())
      .post(`/api/quote-requests/${created.data.id}/answers`)
      .set(bearer(integrator.token))
      .send({ message: 'We can integrate it too.' })
      .expect(409);
    expect(late.body).toMatchObject({ code: 'CONFLICT' });
  });

  it('a request from a project described only in words carries what the words say: figures, environment, makers ruled out', async () => {
    const buyer = await registerUser(app(), { company_name: 'Dairy Cells' });
    const robot = await catalogRobot(app(), 'UR5e');
    const project = await request(app())
      .post('/projects')
      .set(bearer(buyer.token))
      .send({ project_name: 'Cheese portions', description: 'IP67 robot for 3 kg cheese blocks, food-grade, washdown every shift, not Kuka or ABB' })
      .expect(201);
    const created = quoteRequestCreatedSchema.parse(
      (
        await request(app())
          .post('/api/quote-requests')
          .set(bearer(buyer.token))
          .send({ robot_id: robot.id, project_id: project.body.data.id, quantity: 1, timeline: 'asap', notes: '' })
          .expect(201)
      ).body,
    );
    expect(created.data.requirements).toEqual({ payload_kg: 3, ip_rating_min: 67, food_grade: true, washdown: true, excluded_makers: ['KUKA', 'ABB'] });
  });

  it("reaches every supplier who lists the model, whatever the listing's spelling, with the buyer's requirements", async () => {
    const robot = await catalogRobot(app(), 'CRX-25iA');
    const a = await registerUser(app(), { user_type: 'supplier', company_name: 'Alpha Robotics' });
    const b = await registerUser(app(), { user_type: 'supplier', company_name: 'Beta Automation' });
    const c = await registerUser(app(), { user_type: 'supplier', company_name: 'Other Models Inc' });
    const listing = { category: 'collaborative', payload_kg: 25, reach_mm: 1889, dof: 6, price_min_usd: 52000, price_max_usd: 58000 };
    await request(app()).post('/api/supplier/listings').set(bearer(a.token)).send({ ...listing, manufacturer: 'Fanuc', model: 'CRX-25iA' }).expect(201);
    await request(app()).post('/api/supplier/listings').set(bearer(b.token)).send({ ...listing, manufacturer: 'FANUC', model: 'CRX 25iA' }).expect(201);
    await request(app()).post('/api/supplier/listings').set(bearer(c.token)).send({ ...listing, manufacturer: 'FANUC', model: 'CRX-10iA' }).expect(201);

    const buyer = await registerUser(app());
    const created = quoteRequestCreatedSchema.parse(
      (await request(app()).post('/api/quote-requests').set(bearer(buyer.token)).send({ robot_id: robot.id, quantity: 1, timeline: 'asap' }).expect(201)).body,
    );
    expect(created.sent_to).toBe(2);
    expect(created.data.status).toBe('sent');
    expect(created.message).toBe('Request sent to 2 suppliers of the FANUC CRX-25iA. Their answers and quotes will appear in your messages.');

    for (const seller of [a, b]) {
      const inbox = threadListSchema.parse((await request(app()).get('/api/threads').set(bearer(seller.token)).expect(200)).body);
      expect(inbox.unread).toBe(1);
      expect(inbox.data[0]).toMatchObject({ kind: 'quote_request', role: 'seller', status: 'new', quote_request: { quantity: 1, timeline: 'asap', requirements: null } });
      // The supplier's leads list shows it too, about their own listing.
      const leads = leadListResponseSchema.parse((await request(app()).get('/api/supplier/leads').set(bearer(seller.token)).expect(200)).body);
      expect(leads.data.map((l) => l.kind)).toEqual(['quote_request']);
    }
    const none = threadListSchema.parse((await request(app()).get('/api/threads').set(bearer(c.token)).expect(200)).body);
    expect(none.data).toEqual([]);
    // A request sent to suppliers is not an open one.
    expect((await request(app()).get('/api/quote-requests/open').set(bearer(c.token)).expect(200)).body.data).toEqual([]);

    // One supplier replies (the lead becomes "contacted"), then quotes; the buyer declines.
    const thread = threadListSchema.parse((await request(app()).get('/api/threads').set(bearer(a.token)).expect(200)).body).data[0];
    if (!thread) throw new Error('no conversation');
    const replied = threadDetailResponseSchema.parse(
      (await request(app()).post(`/api/threads/${thread.id}/messages`).set(bearer(a.token)).send({ body: '<b>In stock</b> in Lyon.' }).expect(201)).body,
    ).data;
    expect(replied.status).toBe('contacted');
    expect(replied.messages.at(-1)?.body).toBe('<b>In stock</b> in Lyon.');
    await request(app()).post(`/api/threads/${thread.id}/quotes`).set(bearer(a.token)).send({ price: 54000, valid_until: inDays(14) }).expect(201);
    const declined = threadDetailResponseSchema.parse((await request(app()).post(`/api/threads/${thread.id}/decline`).set(bearer(buyer.token)).expect(200)).body).data;
    expect(declined.status).toBe('declined');
    await request(app()).post(`/api/threads/${thread.id}/accept`).set(bearer(buyer.token)).expect(409);
    // A new quote re-opens the answer; closing ends the conversation for both.
    await request(app()).post(`/api/threads/${thread.id}/quotes`).set(bearer(a.token)).send({ price: 52500, valid_until: inDays(14) }).expect(201);
    const closed = threadDetailResponseSchema.parse((await request(app()).post(`/api/threads/${thread.id}/close`).set(bearer(a.token)).expect(200)).body).data;
    expect(closed.status).toBe('closed');
    expect(closed.can).toEqual({ reply: false, quote: false, accept: false, decline: false, close: false });
    await request(app()).post(`/api/threads/${thread.id}/messages`).set(bearer(buyer.token)).send({ body: 'One more thing' }).expect(409);
  });

  it('refuses a second pending request for the same model, limits requests per customer, and hides private robots', async () => {
    const buyer = await registerUser(app());
    const robot = await catalogRobot(app(), 'CRX-10iA');
    const body = { robot_id: robot.id, quantity: 1, timeline: 'exploring' };
    await request(app()).post('/api/quote-requests').set(bearer(buyer.token)).send(body).expect(201);
    const again = await request(app()).post('/api/quote-requests').set(bearer(buyer.token)).send(body).expect(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT' });
    expect(again.body.message).toContain('already asked for a price on the FANUC CRX-10iA');

    const other = await catalogRobot(app(), 'M-20iD/25');
    await request(app()).post('/api/quote-requests').set(bearer(buyer.token)).send({ ...body, robot_id: other.id }).expect(201);
    const third = await catalogRobot(app(), 'IRB 6700');
    await request(app()).post('/api/quote-requests').set(bearer(buyer.token)).send({ ...body, robot_id: third.id }).expect(201);
    const fourth = await catalogRobot(app(), 'UR10e');
    const limited = await request(app()).post('/api/quote-requests').set(bearer(buyer.token)).send({ ...body, robot_id: fourth.id }).expect(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });

    // An integrator's private import does not exist for a customer.
    const integrator = await registerUser(app(), { user_type: 'integrator' });
    const [imported] = await ctx()
      .handle.db.insert(robots)
      .values({
        manufacturer: 'Secret',
        model: 'S-1',
        ...robotSearchColumns({ manufacturer: 'Secret', model: 'S-1' }),
        category: 'articulated',
        payloadKg: 5,
        reachMm: 800,
        dof: 6,
        ownerId: integrator.user.id,
        listed: false,
      })
      .returning();
    const fresh = await registerUser(app());
    const hidden = await request(app()).post('/api/quote-requests').set(bearer(fresh.token)).send({ ...body, robot_id: imported?.id }).expect(404);
    expect(hidden.body).toMatchObject({ code: 'NOT_FOUND', message: 'Robot not found' });
    // Someone else's project cannot travel with a request.
    const project = await request(app()).post('/projects').set(bearer(buyer.token)).send({ project_name: 'Mine' }).expect(201);
    await request(app())
      .post('/api/quote-requests')
      .set(bearer(fresh.token))
      .send({ ...body, project_id: project.body.data.id })
      .expect(404);
  });

  it('answers bad input with a clear 400 and roles with 401/403', async () => {
    const buyer = await registerUser(app());
    const robot = await catalogRobot(app(), 'CRX-10iA');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ robot_id: robot.id, quantity: 0, timeline: 'asap' }, 'quantity'],
      [{ robot_id: robot.id, quantity: '2', timeline: 'asap' }, 'quantity'],
      [{ robot_id: robot.id, quantity: 1.5, timeline: 'asap' }, 'quantity'],
      [{ robot_id: robot.id, quantity: 1e9, timeline: 'asap' }, 'quantity'],
      [{ robot_id: robot.id, quantity: 1, timeline: 'yesterday' }, 'timeline'],
      [{ robot_id: robot.id, quantity: 1, timeline: 'asap', notes: 'x'.repeat(5001) }, 'notes'],
      [{ robot_id: 'not-a-robot', quantity: 1, timeline: 'asap' }, 'robot_id'],
      [{ robot_id: robot.id, quantity: 1, timeline: 'asap', project_id: 42 }, 'project_id'],
    ];
    for (const [body, field] of cases) {
      const res = await request(app()).post('/api/quote-requests').set(bearer(buyer.token)).send(body).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(res.body.error).toBe(res.body.message);
      expect(Object.keys(res.body.details ?? {})).toContain(field);
    }
    await request(app()).post('/api/quote-requests').send({ robot_id: robot.id, quantity: 1, timeline: 'asap' }).expect(401);
    const supplier = await registerUser(app(), { user_type: 'supplier' });
    await request(app()).post('/api/quote-requests').set(bearer(supplier.token)).send({ robot_id: robot.id, quantity: 1, timeline: 'asap' }).expect(403);
    await request(app()).get('/api/threads').expect(401);
    await request(app()).get('/api/threads/not-an-id').set(bearer(buyer.token)).expect(404);
    await request(app()).get('/api/threads/00000000-0000-4000-8000-000000000000').set(bearer(buyer.token)).expect(404);
    await request(app()).post('/api/threads/00000000-0000-4000-8000-000000000000/messages').set(bearer(buyer.token)).send({ body: '' }).expect(400);
    await request(app()).post('/api/quote-requests/00000000-0000-4000-8000-000000000000/answers').set(bearer(supplier.token)).send({ message: 'Hi' }).expect(404);
    await request(app()).post('/api/quote-requests/00000000-0000-4000-8000-000000000000/close').set(bearer(buyer.token)).expect(404);
  });
});
