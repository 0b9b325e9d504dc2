import { describe, expect, it } from 'vitest';
import type { ProjectRequirements } from '@cellforge/contracts';
import { fitScore, requiredPayloadKg } from '@cellforge/robot-fit';
import { aOrAn, rankMatches, scoreMatch, type MatchCandidate } from './matching';
import { defined, nth } from '../../test/defined';

const robot = (over: Partial<MatchCandidate>): MatchCandidate => ({
  id: 'r1',
  manufacturer: 'ACME',
  model: 'A-1',
  category: 'articulated',
  payloadKg: 20,
  reachMm: 1500,
  priceMinUsd: 40000,
  priceMaxUsd: 50000,
  applications: ['palletizing'],
  industries: ['logistics'],
  ownerId: null,
  ipRating: null,
  cleanroomIsoClass: null,
  foodGrade: null,
  mounting: null,
  ...over,
});
const req = (over: Partial<ProjectRequirements>): ProjectRequirements => ({
  application: null,
  industry: null,
  payload_kg: null,
  reach_mm: null,
  cycle_time_s: null,
  budget_usd: null,
  ip_rating_min: null,
  cleanroom_iso_class: null,
  food_grade: null,
  mounting: null,
  ...over,
});

describe('scoreMatch', () => {
  it('gives a well-sized robot 100 with reasons naming the margins', () => {
    const m = scoreMatch(robot({}), req({ payload_kg: 15, reach_mm: 1400, budget_usd: 60000, application: 'palletizing', industry: 'logistics' }));
    expect(m.fit_score).toBe(100);
    expect(m.reasons.map((r) => r.kind)).toEqual(['payload', 'reach', 'price', 'application', 'industry']);
    expect(nth(m.reasons, 0).text).toBe('Payload 20 kg: 33.3% above the 15 kg part, room for the tool (needs 18 kg)');
    expect(nth(m.reasons, 1).text).toBe('Reach 1,500 mm: 7.1% beyond the 1,400 mm needed');
    expect(nth(m.reasons, 2).text).toBe('Indicative price $40,000–$50,000 is within the $60,000 budget');
  });

  it('does not call a price band within budget when only its low end is', () => {
    const m = scoreMatch(robot({ priceMinUsd: 60000, priceMaxUsd: 80000 }), req({ payload_kg: 15, budget_usd: 60000 }));
    const price = defined(m.reasons.find((r) => r.kind === 'price'));
    expect(price.text).toBe('Indicative price $60,000–$80,000 starts within the $60,000 budget; its upper end is above it: ask for a quote');
    expect(price.text).not.toMatch(/is within/);
  });

  it('flags a payload without the 20% tool margin', () => {
    const m = scoreMatch(robot({ payloadKg: 11 }), req({ payload_kg: 10 }));
    expect(m.reasons[0]).toMatchObject({ ok: false });
    expect(nth(m.reasons, 0).text).toContain('needs 12 kg');
    // Alone, the top of the band of robots missing one requirement (a fit scores 60-100).
    expect(m.fit_score).toBe(36);
  });

  it('fits exactly at part + 20 % and not 10 g below (the rule stage 2 and the assistant use)', () => {
    expect(scoreMatch(robot({ payloadKg: 12 }), req({ payload_kg: 10 })).reasons[0]).toMatchObject({ ok: true });
    expect(scoreMatch(robot({ payloadKg: 11.99 }), req({ payload_kg: 10 })).reasons[0]).toMatchObject({ ok: false });
    expect(scoreMatch(robot({ reachMm: 1400 }), req({ reach_mm: 1400 })).reasons[0]).toMatchObject({ kind: 'reach', ok: true });
  });

  it('scores only the requirements given: off the application it stays at or below 60, with nothing stated it is its own closest fit', () => {
    expect(scoreMatch(robot({}), req({ application: 'welding' })).fit_score).toBe(60);
    expect(scoreMatch(robot({}), req({})).fit_score).toBe(100);
  });

  it('says when the price is unknown or over budget', () => {
    expect(nth(scoreMatch(robot({ priceMinUsd: null, priceMaxUsd: null }), req({ budget_usd: 10 })).reasons, 0).text).toBe(
      'No indicative price known: ask the supplier',
    );
    const over = scoreMatch(robot({}), req({ budget_usd: 30000 }));
    expect(over.reasons[0]).toMatchObject({ ok: false, text: 'Indicative price $40,000–$50,000 is above the $30,000 budget' });
  });
});

describe('rankMatches', () => {
  it('prefers the right-sized robot over a far larger one', () => {
    const ranked = rankMatches(
      [robot({ id: 'big', model: 'Big', payloadKg: 500, reachMm: 3000 }), robot({ id: 'fit', model: 'Fit', payloadKg: 25, reachMm: 1600 })],
      req({ payload_kg: 15, reach_mm: 1400 }),
    );
    expect(ranked.map((m) => m.robot_id)).toEqual(['fit', 'big']);
    expect(nth(ranked, 0).fit_score).toBeGreaterThan(nth(ranked, 1).fit_score);
  });

  it('reads the 0-100 score from the order: of two robots meeting every requirement, the closer fit shows 100 and the other less (issue 12, session 15)', () => {
    // Both meet the need; fitScore prefers the less oversized, cheaper one, and so does the score.
    const a = robot({ id: 'a', manufacturer: 'Zeta', model: 'Z-16', payloadKg: 16, reachMm: 1500, priceMinUsd: 40000, priceMaxUsd: 50000 });
    const b = robot({ id: 'b', manufacturer: 'Alpha', model: 'A-25', payloadKg: 25, reachMm: 2200, priceMinUsd: 60000, priceMaxUsd: 70000 });
    const need = req({ payload_kg: 12, reach_mm: 1400 });
    const ranked = rankMatches([b, a], need);
    expect(ranked.map((m) => m.robot_id)).toEqual(['a', 'b']);
    const cost = (r: MatchCandidate) => fitScore(r, { payloadKg: requiredPayloadKg(12), reachMm: 1400, tasks: [] });
    // 60 + 40 x exp(-(extra fit cost)): the band of robots meeting every requirement.
    expect(ranked.map((m) => m.fit_score)).toEqual([100, Math.round(60 + 40 * Math.exp(-(cost(b) - cost(a))))]);
    expect(nth(ranked, 1).fit_score).toBeLessThan(100);
    expect(nth(ranked, 1).fit_score).toBeGreaterThan(60);
  });

  it('never shows a robot missing a requirement above one that meets them all, nor a later card above an earlier one (issue 12, session 15)', () => {
    const fitButLarge = robot({ id: 'large', model: 'Large', payloadKg: 300, reachMm: 3500, priceMinUsd: 150000, priceMaxUsd: 200000 });
    const shortReach = robot({ id: 'short', model: 'Short', payloadKg: 16, reachMm: 1300 });
    const offTask = robot({ id: 'off', model: 'Off', payloadKg: 16, reachMm: 1500, applications: ['welding'] });
    const fit = robot({ id: 'fit', model: 'Fit', payloadKg: 16, reachMm: 1500 });
    const ranked = rankMatches([shortReach, offTask, fitButLarge, fit], req({ payload_kg: 12, reach_mm: 1400, application: 'palletizing' }));
    expect(ranked.map((m) => m.robot_id)).toEqual(['fit', 'large', 'off', 'short']);
    const scores = ranked.map((m) => m.fit_score);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
    expect(nth(scores, 0)).toBe(100);
    expect(nth(scores, 1)).toBeGreaterThan(60);
    expect(nth(scores, 2)).toBe(60);
    expect(nth(scores, 3)).toBe(36);
  });

  it('puts robots meeting every stated requirement first: over budget and unknown prices go behind a higher-cost fit', () => {
    const cheapFit = robot({ id: 'in', model: 'In', payloadKg: 60, reachMm: 3000, priceMinUsd: 70000, priceMaxUsd: 80000 });
    const overBudget = robot({ id: 'over', model: 'Over', payloadKg: 20, reachMm: 1500, priceMinUsd: 95000, priceMaxUsd: 99000 });
    const unknown = robot({ id: 'unknown', model: 'Unknown', payloadKg: 20, reachMm: 1500, priceMinUsd: null, priceMaxUsd: null });
    const ranked = rankMatches([overBudget, unknown, cheapFit], req({ payload_kg: 12, reach_mm: 1400, budget_usd: 90000 }));
    // Both others miss the budget requirement once; between them the fit cost decides (an unknown price costs more).
    expect(ranked.map((m) => m.robot_id)).toEqual(['in', 'over', 'unknown']);
  });

  it('puts a robot listed for the application ahead, then a palletizer ahead of an arm when a heavy fast cycle is stated', () => {
    const need = req({ application: 'palletizing', payload_kg: 40, reach_mm: 2000, cycle_time_s: 8 });
    const arm = robot({ id: 'arm', manufacturer: 'Alpha', model: 'Arm', category: 'articulated', payloadKg: 50, reachMm: 2100, priceMinUsd: 60000, priceMaxUsd: 60000 });
    const pal = robot({ id: 'pal', manufacturer: 'Beta', model: 'Pal', category: 'palletizing', payloadKg: 50, reachMm: 2100, priceMinUsd: 60000, priceMaxUsd: 60000 });
    const cobot = robot({ id: 'cobot', manufacturer: 'Gamma', model: 'Cobot', category: 'collaborative', payloadKg: 50, reachMm: 2100, priceMinUsd: 30000, priceMaxUsd: 30000 });
    const offTask = robot({ id: 'off', manufacturer: 'Delta', model: 'Off', category: 'palletizing', payloadKg: 50, reachMm: 2100, priceMinUsd: 20000, priceMaxUsd: 20000, applications: ['welding'] });
    const ranked = rankMatches([cobot, offTask, arm, pal], need);
    // The cobot misses the cycle time (a requirement); the off-task palletizer misses only the application (a preference).
    expect(ranked.map((m) => m.robot_id)).toEqual(['pal', 'arm', 'off', 'cobot']);
    expect(defined(nth(ranked, 3).reasons.find((r) => r.kind === 'cycle_time')).ok).toBe(false);
  });
});

describe('the cycle reason reads as English is spoken', () => {
  it.each([
    ['8 s', 'an'],
    ['8.5 s', 'an'],
    ['80 s', 'an'],
    ['11 s', 'an'],
    ['18.5 s', 'an'],
    ['6 s', 'a'],
    ['0.8 s', 'a'],
    ['110 s', 'a'],
    ['1.8 s', 'a'],
  ])('"%s cycle" takes "%s"', (figure, article) => {
    expect(aOrAn(figure)).toBe(article);
  });

  it('a palletizer at 8 s "suits an 8 s cycle"', () => {
    const r = scoreMatch(robot({ category: 'palletizing', payloadKg: 110, reachMm: 2400 }), { payload_kg: 40, cycle_time_s: 8, application: 'palletizing' } as ProjectRequirements);
    expect(r.reasons.map((x) => x.text).join('\n')).toMatch(/suits an 8 s cycle/);
  });
});
