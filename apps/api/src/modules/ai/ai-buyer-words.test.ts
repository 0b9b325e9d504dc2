import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { testBackends } from '../../test/create-test-app';
import { robotsNamedIn, useChatApp } from './chat-test-kit';
import { defined, nth } from '../../test/defined';

/**
 * Issue 12, the chat read as buyers write (written from the buyer's side before the
 * shared requirements parser was wired into the assistant): exclusions are exclusions,
 * upper bounds are maxima, ranges and axis counts hold, units beyond kg and mm count.
 */

describe.each(testBackends)('assistant in buyers’ words on %s', (backend) => {
  const { ctx, chat } = useChatApp(backend);
  const recommended = async (message: string) => {
    const answer = await chat({ message });
    const named = await robotsNamedIn(ctx().handle.db, answer.response);
    return { answer, named };
  };

  it('"Palletizer for 40 kg sacks, 2.4 m reach, but no FANUC please" recommends no FANUC robot', async () => {
    const { answer, named } = await recommended('Palletizer for 40 kg sacks, 2.4 m reach, but no FANUC please');
    expect(answer.robot_data_included).toBe(true);
    expect(named.length).toBeGreaterThan(0);
    for (const r of named) expect(r.manufacturer, `${r.manufacturer} ${r.model}`).not.toBe('FANUC');
  });

  it('"anything except ABB and KUKA" for 10 kg parts at 1 m names neither', async () => {
    const { named } = await recommended('10 kg parts, 1 m reach, anything except ABB and KUKA');
    expect(named.length).toBeGreaterThan(0);
    for (const r of named) expect(['ABB', 'KUKA']).not.toContain(r.manufacturer);
  });

  it('a buyer who starts with the figure ("anything except ABB and KUKA, 10 kg payload", "2 t payload") gets a selection, not the help menu', async () => {
    const excluded = await chat({ message: 'anything except ABB and KUKA, 10 kg payload' });
    expect(excluded.response).not.toMatch(/I can help best with robot questions/);
    expect(excluded.response).toMatch(/10 kg/);
    expect(excluded.response).toMatch(/not ABB or KUKA/);
    const heavy = await chat({ message: '2 t payload' });
    expect(heavy.response).not.toMatch(/I can help best with robot questions/);
    expect(heavy.response).toMatch(/Nothing in our catalog fits|2,000 kg/);
  });

  it('"tell me about the Doosan Robotics P3020" (a model named like an alarm code) describes that robot from the catalog', async () => {
    const answer = await chat({ message: 'tell me about the Doosan Robotics P3020' });
    expect(answer.response).toMatch(/Doosan Robotics P3020/);
    expect(answer.response).toMatch(/30 kg payload/);
    // A Kawasaki alarm of the same shape is still an alarm.
    const alarm = await chat({ message: 'Kawasaki controller shows P0001' });
    expect(alarm.response).not.toMatch(/not in our catalog/i);
  });

  it('"no more than 900 mm reach" is a maximum', async () => {
    const { named } = await recommended('Pick 2 kg parts, the robot must have no more than 900 mm reach');
    expect(named.length).toBeGreaterThan(0);
    for (const r of named) expect(r.reachMm, `${r.manufacturer} ${r.model}`).toBeLessThanOrEqual(900);
  });

  it('"six-axis arms between 5 and 10 kg" keeps both the axes and the payload range', async () => {
    const { named } = await recommended('Show me six-axis arms between 5 and 10 kg payload for machine tending, reach 800 mm');
    expect(named.length).toBeGreaterThan(0);
    for (const r of named) {
      expect(r.dof, `${r.manufacturer} ${r.model}`).toBe(6);
      expect(r.payloadKg).toBeLessThanOrEqual(10);
    }
  });

  it('"castings of 1.5 t" is a 1,500 kg payload', async () => {
    const { answer, named } = await recommended('We need to move castings of 1.5 t, reach about 3 m');
    expect(answer.response).not.toMatch(/heaviest part/i);
    for (const r of named) expect(r.payloadKg).toBeGreaterThanOrEqual(1500);
  });

  it('"parts weigh 2 lbs and travel 20 in" reads pounds and inches', async () => {
    const { named } = await recommended('Our parts weigh 2 lbs and travel 20 in, pick and place');
    expect(named.length).toBeGreaterThan(0);
    for (const r of named) expect(r.reachMm).toBeGreaterThanOrEqual(508);
  });

  it('a follow-up exclusion adds to the earlier ones', async () => {
    const first = 'Palletizing 20 kg boxes, reach 2 m, no FANUC';
    const a1 = await chat({ message: first });
    const a2 = await chat({
      message: 'and no Yaskawa either',
      conversationHistory: [
        { role: 'user', content: first },
        { role: 'assistant', content: a1.response, metadata: { ...a1.metadata } },
      ],
    });
    const named = await robotsNamedIn(ctx().handle.db, a2.response);
    for (const r of named) expect(['FANUC', 'Yaskawa']).not.toContain(r.manufacturer);
  });

  it('links every robot it names to its page, and a selection to the catalog with the task applied', async () => {
    const answer = await chat({ message: 'Palletizer for 40 kg sacks, 2.4 m reach, but no FANUC please' });
    const links = answer.metadata.robotLinks ?? [];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(answer.response).toContain(link.text);
      const page = await request(ctx().app).get(`/api${link.href}`).expect(200);
      expect(`${page.body.data.manufacturer} ${page.body.data.model}`).toBe(link.name);
      expect(page.body.data.manufacturer).not.toBe('FANUC');
    }
    const href = answer.metadata.catalogHref;
    expect(href).toMatch(/^\/catalog\?/);
    const params = Object.fromEntries(new URL(defined(href), 'http://x').searchParams);
    expect(params).toMatchObject({ minPayload: '48', minReach: '2400', excludeManufacturer: 'FANUC' });
    const list = await request(ctx().app).get('/api/robots').query(params).expect(200);
    expect(list.body.total).toBeGreaterThan(0);
    for (const r of list.body.data as Array<{ manufacturer: string; payload_kg: number }>) {
      expect(r.manufacturer).not.toBe('FANUC');
      expect(r.payload_kg).toBeGreaterThanOrEqual(48);
    }
    // The robots the answer recommends are among those the catalog link shows.
    const all = await request(ctx().app).get('/api/robots').query({ ...params, limit: 100 }).expect(200);
    const ids = new Set((all.body.data as Array<{ id: string }>).map((r) => r.id));
    for (const link of links) expect(ids.has(defined(link.href.split('/').pop())), link.name).toBe(true);
  });

  it('follows up on a plain role/content history (no metadata echoed back) as well as on the web app\'s', async () => {
    const first = 'I need to palletize 25 kg boxes, reach 2 m, budget 60k';
    const a1 = await chat({ message: first });
    expect(a1.metadata.userIntent).toBe('robot_selection');
    const plain = await chat({
      message: 'Actually the boxes are 9 kg',
      conversationHistory: [
        { role: 'user', content: first },
        { role: 'assistant', content: a1.response },
      ],
    });
    expect(plain.metadata.userIntent).toBe('robot_selection');
    expect(plain.metadata.conversationState).toBe('solution_providing');
    expect(plain.response).toMatch(/9 kg/);
    const named = await robotsNamedIn(ctx().handle.db, plain.response);
    expect(named.length).toBeGreaterThan(0);
    for (const r of named) expect(r.reachMm).toBeGreaterThanOrEqual(2000);
  });

  it('says when nothing in the catalog can carry the load instead of asking for the reach', async () => {
    const heaviest = Math.max(...(await ctx().handle.db.query.robots.findMany({ columns: { payloadKg: true } })).map((r) => r.payloadKg));
    const answer = await chat({ message: 'What robot can handle a 3000 kg payload?' });
    expect(answer.response).not.toMatch(/I still need/);
    expect(answer.response).toMatch(/no robot in our catalog carries 3,600 kg/i);
    expect(answer.response).toContain(`the largest rated payload is ${heaviest.toLocaleString('en-US')} kg`);
    expect(answer.metadata.conversationState).toBe('solution_providing');
    const named = await robotsNamedIn(ctx().handle.db, answer.response);
    expect(named.length).toBeGreaterThan(0);
    expect(named.some((r) => r.payloadKg === heaviest)).toBe(true);
  });

  it('names the constraint that rules everything out, with how far the closest robots miss', async () => {
    const answer = await chat({ message: '10 kg parts, 12 m reach' });
    expect(answer.response).toMatch(/no robot in our catalog reaches 12,000 mm; the longest reach is [\d,]+ mm/i);
    expect(answer.response).toMatch(/reach [\d,]+ mm, [\d,]+ mm \(\d+%\) short/);
  });

  it('says a model that is not in the catalog is not, with the closest real models and no figures for it', async () => {
    const answer = await chat({ message: 'Tell me the payload of the FANUC M-9000iZ' });
    expect(answer.response).toMatch(/The FANUC M-9000iZ is not in our catalog/);
    expect(answer.response).not.toMatch(/I can help best with robot questions/);
    const named = await robotsNamedIn(ctx().handle.db, answer.response);
    expect(named.length).toBeGreaterThan(0);
    for (const r of named) expect(r.manufacturer).toBe('FANUC');
    // No figure is given for the unknown model itself: every kg figure belongs to a listed robot.
    const firstLine = nth(answer.response.split('\n'), 0);
    expect(firstLine).not.toMatch(/\d+ kg/);
  });

  it('does not take standards, ratings or controllers for unknown models', async () => {
    for (const message of ['Is the FANUC CRX certified to ISO 10218?', 'Our FANUC R-30iB Plus controller keeps rebooting']) {
      const answer = await chat({ message });
      expect(answer.response, message).not.toMatch(/not in our catalog/);
    }
  });

  it.each([
    ['Ich brauche einen Roboter zum Palettieren von 20 kg Säcken, Reichweite 2 m, kein FANUC', 'FANUC'],
    ['Necesito un robot para paletizado, carga útil 20 kg, alcance 2 m, sin ABB', 'ABB'],
  ])('selects in German and Spanish too: %s', async (message, excluded) => {
    const answer = await chat({ message });
    expect(answer.metadata.userIntent).toBe('robot_selection');
    const named = await robotsNamedIn(ctx().handle.db, answer.response);
    expect(named.length).toBeGreaterThan(0);
    for (const r of named) {
      expect(r.manufacturer).not.toBe(excluded);
      expect(r.reachMm).toBeGreaterThanOrEqual(2000);
      expect(r.payloadKg).toBeGreaterThanOrEqual(24);
    }
    // The application is understood: named in the answer's language (the robot type after a name was the English key).
    expect(answer.response).toMatch(/Palettier|paletiza/i);
  });

  it('does not take an absurd figure as understood', async () => {
    const answer = await chat({ message: 'I need a robot to pick 10 kg parts, reach 99999999999999999999 mm' });
    expect(answer.response).not.toMatch(/99,999|1e\+?20|100,000,000/);
    expect(answer.response).toMatch(/10 kg/);
  });
});
