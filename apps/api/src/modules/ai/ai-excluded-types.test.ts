import { describe, expect, it } from 'vitest';
import { testBackends } from '../../test/create-test-app';
import { linkedIds, listedRobots, useChatApp } from './chat-test-kit';
import { extractFacts, mergeFacts } from './understanding/facts';

/**
 * Issue 12, a robot type ruled out (session 15), from the buyer's side: "no cobots", "keine
 * Cobots", "sin SCARA" rule that type out, as the search box and project matches read it; they
 * are never read as asking for that type, they add up over a conversation with a plain history,
 * and no robot the chat names or links is of a type ruled out. An outside tester's conversation
 * (outsider-conversation.test.ts, conversation B) found "no cobots" read as "cobots".
 */


describe('reading a type ruled out', () => {
  it.each([
    ['palletizer for 40 kg sacks, no cobots', ['collaborative']],
    ['Maschinenbeschickung 10 kg, 1,1 m Reichweite, keine Cobots', ['collaborative']],
    ['carga de 5 kg, alcance 600 mm, sin SCARA', ['scara']],
    ['anything but a delta, 3 kg parts', ['delta']],
  ])('"%s" rules out %j and asks for none of them', (message, out) => {
    const f = extractFacts(message);
    expect(f.excludedCategories).toEqual(out);
    for (const c of out) {
      expect(f.category).not.toBe(c);
      expect(f.categories ?? []).not.toContain(c);
    }
  });

  it('a type ruled out later takes it out of the types asked before; asked again, it is allowed again', () => {
    const first = extractFacts('a cobot for 10 kg parts with 1.3 m reach');
    expect(first.category).toBe('collaborative');
    const narrowed = mergeFacts(first, extractFacts('no cobots'));
    expect(narrowed.category).toBeUndefined();
    expect(narrowed.excludedCategories).toEqual(['collaborative']);
    expect(narrowed.payloadKg).toBe(10);
    const more = mergeFacts(narrowed, extractFacts('and no SCARA either'));
    expect(new Set(more.excludedCategories)).toEqual(new Set(['collaborative', 'scara']));
    const again = mergeFacts(more, extractFacts('a cobot is fine after all'));
    expect(again.excludedCategories).toEqual(['scara']);
  });
});

describe.each(testBackends)('the chat never offers a type ruled out, on %s', (backend) => {
  const { ctx, chat } = useChatApp(backend);
  const catalog = () => listedRobots(ctx().app);
  const linked = linkedIds;

  it.each([
    { message: 'robot for machine tending, 10 kg parts, 1.1 m reach, no cobots', out: 'collaborative' },
    { message: 'Maschinenbeschickung, 10 kg Teile, 1,1 m Reichweite, keine Cobots', out: 'collaborative' },
    { message: 'pick and place of 3 kg parts, 500 mm reach, no SCARA please', out: 'scara' },
  ])('"$message": robots are shown, none of them of the type ruled out, and the catalog link leaves it out', async ({ message, out }) => {
    const rows = await catalog();
    const answer = await chat({ message });
    const ids = linked(answer);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const r = rows.find((x) => x.id === id);
      expect(r?.category, `${r?.manufacturer} ${r?.model}`).not.toBe(out);
    }
    const href = answer.metadata.catalogHref;
    if (href) {
      const category = new URL(href, 'http://x').searchParams.get('category');
      expect(category?.split(',') ?? [], href).not.toContain(out);
      expect(category, 'the link filters the types left').toBeTruthy();
    }
  });

  it('with a plain history: "no cobots" after a cobot-friendly list keeps every earlier limit and drops the cobots', async () => {
    const rows = await catalog();
    const first = 'machine tending, 10 kg parts, 1.3 m reach, only ABB or KUKA';
    const a1 = await chat({ message: first });
    expect(linked(a1).length).toBeGreaterThan(0);
    const a2 = await chat({
      message: 'no cobots',
      conversationHistory: [
        { role: 'user', content: first },
        { role: 'assistant', content: a1.response },
      ],
    });
    const ids = linked(a2);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const r = rows.find((x) => x.id === id);
      const label = `${r?.manufacturer} ${r?.model} (${r?.category}, ${r?.payload_kg} kg, ${r?.reach_mm} mm)`;
      expect(r?.category, label).not.toBe('collaborative');
      expect(['ABB', 'KUKA'], label).toContain(r?.manufacturer);
      expect(r?.payload_kg, label).toBeGreaterThanOrEqual(10);
      expect(r?.reach_mm, label).toBeGreaterThanOrEqual(1300);
    }
  });
});
