import { describe, expect, it } from 'vitest';
import { findUnknownUnits, parseRequirements } from './index';

/** Issue 12, session 15: the unit no reader knows is read once, here, for the chat and the search box. */
describe('unknown units', () => {
  it.each([
    ['payload 5 lightyears', [{ slot: 'payload', said: '5 lightyears' }]],
    ['reach 3 parsecs', [{ slot: 'reach', said: '3 parsecs' }]],
    ['Traglast 5 Lichtjahre', [{ slot: 'payload', said: '5 Lichtjahre' }]],
    ['I need a robot with 3 parsecs of reach and a payload of 12 lightyears', [{ slot: 'payload', said: '12 lightyears' }, { slot: 'reach', said: '3 parsecs' }]],
  ])('"%s" gives its unknown units in the reading, and no figure or name words from them', (text, units) => {
    const r = parseRequirements(text);
    expect(r.unknownUnits).toEqual(units);
    expect(findUnknownUnits(text)).toEqual(units);
    expect(r.payloadKg).toBeUndefined();
    expect(r.reachMm).toBeUndefined();
    expect(r.freeText).not.toMatch(/lightyears|parsecs|Lichtjahre/i);
  });

  it.each(['payload 5 kg', 'reach 1.3 m', 'Traglast 5 kg', 'carga útil 5 kg', 'payload 12 oz', 'reach 20 in', '5 more kg payload', 'payload of 2 pallets', 'palletizing 100kg'])(
    '"%s" has none',
    (text) => {
      expect(parseRequirements(text).unknownUnits).toBeUndefined();
    },
  );

  it('keeps the figure in a real unit beside an absurd one ("reach 3 parsecs, payload 10 kg")', () => {
    const r = parseRequirements('reach 3 parsecs, payload 10 kg');
    expect(r.payloadKg).toEqual({ min: 10, max: 10 });
    expect(r.reachMm).toBeUndefined();
    expect(r.unknownUnits).toEqual([{ slot: 'reach', said: '3 parsecs' }]);
  });
});
