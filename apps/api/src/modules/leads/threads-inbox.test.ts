import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { threadListSchema, type Thread } from '@cellforge/contracts';
import { leadMessages, leads } from '@cellforge/db';
import { testBackends, useTestApp } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';

describe.each(testBackends)('the inbox in pages on %s (issue 13: 1,000 conversations)', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;

  /** Conversations from `buyer` to `seller`, their activity a few microseconds apart (many in one millisecond), some at the same instant. */
  async function conversations(buyerId: string, sellerId: string, count: number, unreadEvery: number) {
    await ctx().handle.db.insert(leads).values(
      Array.from({ length: count }, (_, i) => ({
        kind: 'robot_inquiry',
        fromUserId: buyerId,
        toUserId: sellerId,
        message: `Question ${i}`,
        // Every tenth pair shares its instant exactly; the rest are 37 µs apart.
        lastMessageAt: sql`now() - make_interval(secs => ${Math.floor(i / 2) * 2 === i && i % 10 === 0 ? i + 1 : i} * 0.000037)`,
        lastMessageBy: i % unreadEvery === 0 ? buyerId : sellerId,
      })),
    );
  }

  async function page(token: string, before?: string) {
    const res = await request(app()).get('/api/threads').query(before ? { before } : {}).set(bearer(token)).expect(200);
    return threadListSchema.parse(res.body);
  }

  it('a seller with 120 conversations reads them all, newest first, 50 at a time, none twice and none missed', async () => {
    const seller = await registerUser(app(), { user_type: 'supplier' });
    const buyer = await registerUser(app());
    const other = await registerUser(app(), { user_type: 'supplier' });
    await conversations(buyer.user.id, seller.user.id, 120, 4);
    await conversations(buyer.user.id, other.user.id, 7, 1);

    const seen: Thread[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    let unread: number | undefined;
    do {
      const answer = await page(seller.token, cursor);
      sizes.push(answer.data.length);
      seen.push(...answer.data);
      unread = answer.unread;
      cursor = answer.next_cursor ?? undefined;
    } while (cursor);

    expect(sizes).toEqual([50, 50, 20]);
    expect(new Set(seen.map((t) => t.id)).size).toBe(120);
    // Only the seller's own conversations (not the other supplier's 7).
    expect(seen.every((t) => t.role === 'seller' && t.counterpart.id === buyer.user.id)).toBe(true);
    const times = seen.map((t) => Date.parse(t.last_message_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The unread count covers every page: the buyer wrote last in every fourth.
    expect(unread).toBe(30);

    // The buyer sees both sellers' conversations in the same pages.
    const first = await page(buyer.token);
    expect(first.data).toHaveLength(50);
    expect(first.next_cursor).not.toBeNull();
  });

  it('an inbox of one page says there is no next page; a cursor that is not one is a clear 400', async () => {
    const seller = await registerUser(app(), { user_type: 'supplier' });
    const buyer = await registerUser(app());
    await conversations(buyer.user.id, seller.user.id, 3, 2);
    const answer = await page(seller.token);
    // Within one millisecond the order is by id: the three are all there, each once.
    expect(answer.data.map((t) => t.last_message.body).sort()).toEqual(['Question 0', 'Question 1', 'Question 2']);
    expect(answer.next_cursor).toBeNull();

    for (const before of ['yesterday', '2026-13-45T99:00:00.000Z_00000000-0000-4000-8000-000000000000', '2026-11-26T10:00:00.000Z_not-a-uuid', "' or 1=1 --"]) {
      const res = await request(app()).get('/api/threads').query({ before }).set(bearer(seller.token)).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(Object.keys(res.body.details ?? {})).toContain('before');
    }
    // A well-formed cursor past everything: an empty page, not an error.
    const empty = await page(seller.token, '2000-01-01T00:00:00.000Z_00000000-0000-4000-8000-000000000000');
    expect(empty).toMatchObject({ data: [], next_cursor: null, unread: 2 });
  });

  it('each conversation shows its newest message (a quote or not) and its newest quote, whatever came after', async () => {
    const seller = await registerUser(app(), { user_type: 'supplier' });
    const buyer = await registerUser(app());
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 9, minutes));
    const [quotedLast, talkedAfter, silent] = await ctx().handle.db
      .insert(leads)
      .values(['Quoted last', 'Talked after the quotes', 'Not answered'].map((message, i) => ({
        kind: 'robot_inquiry', fromUserId: buyer.user.id, toUserId: seller.user.id, message, lastMessageAt: at(50 - i), lastMessageBy: buyer.user.id,
      })))
      .returning({ id: leads.id });
    if (!quotedLast || !talkedAfter || !silent) throw new Error('conversations not written');
    const quote = (leadId: string, minutes: number, price: number) => ({
      leadId, authorId: seller.user.id, kind: 'quote', body: `Quote ${price}`, priceUsd: price, currency: 'USD', validUntil: '2027-01-31', createdAt: at(minutes),
    });
    await ctx().handle.db.insert(leadMessages).values([
      { leadId: quotedLast.id, authorId: seller.user.id, body: 'Which gripper?', createdAt: at(1) },
      quote(quotedLast.id, 2, 41000),
      quote(talkedAfter.id, 3, 39000),
      quote(talkedAfter.id, 4, 38000),
      { leadId: talkedAfter.id, authorId: buyer.user.id, body: 'Can you do 37,000?', createdAt: at(5) },
    ]);
    const byId = new Map((await page(seller.token)).data.map((t) => [t.id, t]));
    expect(byId.get(quotedLast.id)).toMatchObject({ last_message: { kind: 'quote', body: 'Quote 41000', mine: true }, latest_quote: { price: 41000 } });
    expect(byId.get(talkedAfter.id)).toMatchObject({ last_message: { kind: 'message', body: 'Can you do 37,000?', mine: false }, latest_quote: { price: 38000 } });
    expect(byId.get(silent.id)).toMatchObject({ last_message: { kind: 'message', body: 'Not answered', mine: false }, latest_quote: null });
  });
});
