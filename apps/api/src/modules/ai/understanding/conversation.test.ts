import { describe, expect, it } from 'vitest';
import type { ChatHistoryEntry } from '@cellforge/contracts';
import { gatherFacts, missingSelectionFacts, nextState, pickHistory, readFilters, readPriorTurns, type StateInput } from './conversation';
import { emptyFacts, extractFacts } from './facts';

const base: StateInput = { intent: 'robot_selection', facts: emptyFacts(), answered: false, askedForFacts: false, turns: 0, smallTalk: false };

describe('conversation state machine', () => {
  it('starts at initial and stays there for small talk on the first turn', () => {
    expect(nextState({ ...base, intent: 'general', smallTalk: true })).toBe('initial');
  });

  it('keeps the previous state for small talk mid-conversation', () => {
    expect(nextState({ ...base, intent: 'general', smallTalk: true, turns: 2, previousState: 'gathering_info' })).toBe('gathering_info');
  });

  it('is gathering_info while the assistant asks for facts it needs', () => {
    expect(nextState({ ...base, askedForFacts: true })).toBe('gathering_info');
    expect(nextState({ ...base, intent: 'troubleshooting', askedForFacts: true, turns: 4 })).toBe('gathering_info');
  });

  it('is solution_providing once it answers', () => {
    expect(nextState({ ...base, answered: true })).toBe('solution_providing');
    expect(nextState({ ...base, answered: true, askedForFacts: true })).toBe('solution_providing');
  });

  it('a selection needs the payload and the reach or the application', () => {
    expect(missingSelectionFacts(extractFacts('I need a robot'))).toEqual(['payload', 'reach_or_application']);
    expect(missingSelectionFacts(extractFacts('8 kg parts'))).toEqual(['reach_or_application']);
    expect(missingSelectionFacts(extractFacts('8 kg parts for machine tending'))).toEqual([]);
    expect(missingSelectionFacts(extractFacts('8 kg parts, 1.2 m reach'))).toEqual([]);
    expect(missingSelectionFacts(extractFacts('palletizing with 2 m reach'))).toEqual(['payload']);
  });
});

describe('conversation history', () => {
  const history: ChatHistoryEntry[] = [
    { role: 'user', content: 'I need a robot for machine tending' },
    { role: 'assistant', content: 'How heavy are the parts?', metadata: { userIntent: 'robot_selection', conversationState: 'gathering_info' } },
    { role: 'user', content: 'about 8 kg' },
    { role: 'assistant', content: 'And the reach?', metadata: { userIntent: 'robot_selection', conversationState: 'gathering_info' } },
  ];

  it('reads the last intent and state from assistant turns', () => {
    const prior = readPriorTurns(history, {});
    expect(prior).toMatchObject({ previousIntent: 'robot_selection', previousState: 'gathering_info', turns: 4 });
    expect(prior.userTexts).toEqual(['I need a robot for machine tending', 'about 8 kg']);
  });

  it('falls back to the client context (userIntent, stage)', () => {
    expect(readPriorTurns([], { userIntent: 'troubleshooting', stage: 'gathering_info' })).toMatchObject({ previousIntent: 'troubleshooting', previousState: 'gathering_info' });
    expect(readPriorTurns([], { userIntent: 'something-else' })).toMatchObject({ previousIntent: undefined });
  });

  it('uses the body history, else the one in the context', () => {
    expect(pickHistory([], { conversationHistory: history })).toHaveLength(4);
    expect(pickHistory(history.slice(0, 1), { conversationHistory: history })).toHaveLength(1);
  });

  it('gathers facts from earlier turns, the context and the message', () => {
    const { all, current } = gatherFacts('reach 1.2 m', readPriorTurns(history, {}), {});
    expect(all).toMatchObject({ application: 'machine-tending', payloadKg: 8, reachMm: 1200 });
    expect(current.payloadKg).toBeUndefined();
    expect(gatherFacts('10 kg', readPriorTurns([], {}), { application: 'CNC loading' }).all.application).toBe('machine-tending');
  });

  it('reads catalog filters as facts and robot limits', () => {
    expect(readFilters({ manufacturer: 'KUKA', minPayload: '10', maxPrice: '60000', application: 'palletizing' })).toEqual({
      facts: { manufacturers: ['KUKA'], application: 'palletizing' },
      limits: { minPayloadKg: 10, maxPayloadKg: undefined, minPriceUsd: undefined, maxPriceUsd: 60000 },
    });
  });
});

/** The need a plain [{role, content}] history accumulates, turn by turn (issue 12, outsider-conversation). */
describe('a need over plain history turns', () => {
  const plain = (...userTexts: string[]): ChatHistoryEntry[] => userTexts.flatMap((content) => [{ role: 'user' as const, content }, { role: 'assistant' as const, content: '…' }]);
  const need = (message: string, ...earlier: string[]) => gatherFacts(message, readPriorTurns(plain(...earlier), {}), {}).all;

  it('the maker of an earlier alarm question is not a maker filter of a later selection (EN/DE/ES)', () => {
    expect(need('we also need a robot for 12 kg parts, 1.4 m reach', 'FANUC SRVO-062 on our R-30iB, what now?').manufacturers).toBeUndefined();
    expect(need('Außerdem suchen wir einen Roboter für 8 kg Teile, Reichweite 1,2 m', 'Unser KUKA KR C4 zeigt KSS00404, was tun?').manufacturers).toBeUndefined();
    expect(need('También necesito un robot para piezas de 5 kg, alcance 900 mm', 'Mi Yaskawa muestra la alarma 4100, ¿qué significa?').manufacturers).toBeUndefined();
    // Makers the buyer asked for in a selection turn still filter.
    expect(need('and 1.4 m reach', 'only ABB, 12 kg parts').manufacturers).toEqual(['ABB']);
  });

  it('a maker admitted again lifts its exclusion without becoming the only maker (EN/DE/ES)', () => {
    const en = need('ok, FANUC is fine after all', 'cobot for 20 kg, reach at least 1.8 m', 'and no FANUC');
    expect(en.excludedManufacturers).toBeUndefined();
    expect(en.manufacturers).toBeUndefined();
    expect(en).toMatchObject({ payloadKg: 20, reachMm: 1800, category: 'collaborative' });
    const de = need('KUKA ist doch in Ordnung', 'Roboter für 10 kg Teile, Reichweite 1,2 m', 'kein KUKA und kein ABB');
    expect(de.excludedManufacturers).toEqual(['ABB']);
    expect(de.manufacturers).toBeUndefined();
    const es = need('ABB también vale', 'robot para piezas de 10 kg, alcance 1,2 m', 'solo KUKA');
    expect(es.manufacturers).toEqual(['KUKA', 'ABB']);
    // "only" narrows to that maker, whatever else is said.
    expect(need('actually only FANUC is fine', 'cobot for 20 kg', 'no FANUC').manufacturers).toEqual(['FANUC']);
  });
});
