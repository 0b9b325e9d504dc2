import { describe, expect, it } from 'vitest';
import {
  leadTimeUnitFromHeader,
  readCategory,
  readCleanroomClass,
  readCondition,
  readCountry,
  readCurrency,
  readIpRating,
  readLeadTime,
  readList,
  readMounting,
  readOfferPrice,
  readOfferQuantity,
  readPrice,
  readSpeed,
  readYesNo,
  speedUnitFromHeader,
} from './field-values';

function run<T>(read: (errors: string[]) => T): { value: T; errors: string[] } {
  const errors: string[] = [];
  return { value: read(errors), errors };
}
const noWarn = () => undefined;

describe('environment values as suppliers write them', () => {
  it.each([
    ['IP67', 67], ['IP 67', 67], ['ip67', 67], ['IP-65', 65], ['67', 67], [54, 54], ['IP67/IP65', 67], ['IP 6 7', 67], ['IP00', 0], ['', null], ['n/a', null],
  ] as const)('IP rating %s -> %s', (cell, expected) => {
    expect(run((e) => readIpRating(cell, e))).toEqual({ value: expected, errors: [] });
  });
  it.each(['IP6K9K', 'IP79', 'waterproof', 67.5])('IP rating %s is an error', (cell) => {
    const out = run((e) => readIpRating(cell, e));
    expect(out.value).toBeUndefined();
    expect(out.errors).toEqual([`IP rating "${cell}" is not an IP code (write IP67, IP 67 or 67)`]);
  });

  it.each([
    ['ISO 5', 5], ['Class 5', 5], ['ISO Class 5', 5], ['iso5', 5], ['5', 5], [4, 4], ['ISO 14644-1 class 3', 3], ['Klasse 4', 4], ['Clase 6', 6],
    ['Class 100', 5], ['Class 10,000', 7], ['100', 5],
  ] as const)('cleanroom %s -> ISO %s', (cell, expected) => {
    expect(run((e) => readCleanroomClass(cell, e, noWarn, 3))).toEqual({ value: expected, errors: [] });
  });
  it('warns when a Fed-Std 209E class is converted, and refuses ISO 12', () => {
    const warnings: string[] = [];
    expect(readCleanroomClass('Class 1000', [], (_k, t) => warnings.push(t), 8)).toBe(6);
    expect(warnings).toEqual(['Row 8: cleanroom class 1000 (Fed-Std 209E) read as ISO class 6']);
    expect(run((e) => readCleanroomClass('ISO 12', e, noWarn, 3)).errors).toHaveLength(1);
    expect(run((e) => readCleanroomClass('ISO 100', e, noWarn, 3)).errors).toHaveLength(1);
  });

  it.each([
    ['yes', true], ['Y', true], ['true', true], ['1', true], [1, true], [true, true], ['x', true], ['Ja', true], ['sí', true],
    ['no', false], ['N', false], ['false', false], ['0', false], [0, false], [false, false], ['nein', false], ['', null],
  ] as const)('food grade %s -> %s', (cell, expected) => {
    expect(run((e) => readYesNo(cell, 'food grade', e))).toEqual({ value: expected, errors: [] });
  });

  it.each([
    ['floor', ['floor']], ['Floor, Ceiling', ['floor', 'ceiling']], ['inverted', ['ceiling']], ['wall/floor', ['floor', 'wall']],
    ['floor mount; tilted', ['floor', 'angle']], ['any', ['floor', 'ceiling', 'wall', 'angle']], ['Boden / Decke', ['floor', 'ceiling']],
    ['suelo y pared', ['floor', 'wall']], ['floor and ceiling', ['floor', 'ceiling']], ['Schräg', ['angle']],
  ] as const)('mounting %s -> %j', (cell, expected) => {
    expect(run((e) => readMounting(cell, e))).toEqual({ value: expected, errors: [] });
  });
  it('refuses a mounting it cannot place, naming the allowed values', () => {
    expect(run((e) => readMounting('floor, sideways', e)).errors).toEqual([
      'mounting "floor, sideways" is not among floor, ceiling, wall, angle (inverted, tilted and any are understood too)',
    ]);
  });

  it('reads speeds in mm/s, m/s and the header unit', () => {
    expect(speedUnitFromHeader('Max. speed [mm/s]')).toBe('mm/s');
    expect(speedUnitFromHeader('TCP speed (m/s)')).toBe('m/s');
    expect(speedUnitFromHeader('Speed')).toBeNull();
    expect(run((e) => readSpeed('2500', null, null, e, noWarn, 3)).value).toBe(2500);
    expect(run((e) => readSpeed('2.5 m/s', 'mm/s', null, e, noWarn, 3)).value).toBe(2500);
    expect(run((e) => readSpeed('1,5', 'm/s', 'comma', e, noWarn, 3)).value).toBe(1500);
    expect(run((e) => readSpeed(4, 'm/s', null, e, noWarn, 3)).value).toBe(4000);
    expect(run((e) => readSpeed('0', null, null, e, noWarn, 3)).errors).toEqual(['max speed 0 mm/s is outside the plausible range (1 to 100,000 mm/s)']);
  });

  it.each([
    ['Germany', 'DE'], ['Deutschland', 'DE'], ['DE', 'DE'], ['deu', 'DE'], ['Made in Japan', 'JP'], ['Japón', 'JP'], ['Schweiz', 'CH'],
    ['United States', 'US'], ['USA', 'US'], ['South Korea', 'KR'], ['Korea, Republic of', 'KR'], ['the Netherlands', 'NL'], ['China', 'CN'], ['', null],
  ] as const)('country %s -> %s', (cell, expected) => {
    expect(run((e) => readCountry(cell, e))).toEqual({ value: expected, errors: [] });
  });
});

describe('the other robot fields', () => {
  it('reads categories, lists and prices', () => {
    expect(run((e) => readCategory('Cobot', e)).value).toBe('collaborative');
    expect(run((e) => readCategory('SCARA robot', e)).value).toBe('scara');
    expect(run((e) => readCategory('Palletizer', e)).value).toBe('palletizing');
    expect(run((e) => readCategory('heavy payload', e)).value).toBe('heavy-payload');
    expect(run((e) => readList('Spot welding; Material handling, pick & place', 'applications', e)).value).toEqual(['spot-welding', 'material-handling', 'pick-and-place']);
    expect(run((e) => readPrice('$45,000', null, e)).value).toEqual({ min: 45000, max: 45000 });
    expect(run((e) => readPrice('USD 25,000 - 30,000', null, e)).value).toEqual({ min: 25000, max: 30000 });
    expect(run((e) => readPrice('25k-30k', null, e)).value).toEqual({ min: 25000, max: 30000 });
    expect(run((e) => readPrice(95000, null, e)).value).toEqual({ min: 95000, max: 95000 });
    expect(run((e) => readPrice('€ 30.000', null, e)).errors).toEqual(['price "€ 30.000" is in EUR; the catalog stores prices in USD']);
    expect(run((e) => readPrice('call us', null, e)).errors).toEqual(['price "call us" is not a number or a range (write 95000 or 90000-100000)']);
  });
});

describe("a supplier's offer terms as stock lists write them", () => {
  it.each([
    ['new', 'new'], ['Neu', 'new'], ['brand new', 'new'], ['nuevo', 'new'],
    ['used', 'used'], ['gebraucht', 'used'], ['Second-hand', 'used'], ['pre-owned', 'used'], ['ex-demo', 'used'], ['usado', 'used'],
    ['refurb', 'refurbished'], ['Refurbished', 'refurbished'], ['reconditioned', 'refurbished'], ['Generalüberholt', 'refurbished'], ['reman', 'refurbished'],
    ['', null], ['n/a', null],
  ] as const)('condition %j -> %s', (cell, expected) => {
    expect(run((e) => readCondition(cell, e))).toEqual({ value: expected, errors: [] });
  });
  it('condition "kaputt" is an error naming the words that work', () => {
    expect(run((e) => readCondition('kaputt', e))).toEqual({ value: undefined, errors: ['condition "kaputt" is not new, used or refurbished (write one of those; "refurb", "gebraucht" or "second-hand" also work)'] });
  });

  it.each([['EUR', 'EUR'], ['€', 'EUR'], ['Euro', 'EUR'], ['usd', 'USD'], ['US$', 'USD'], ['$', 'USD'], ['£', 'GBP'], ['GBP', 'GBP'], ['Pfund Sterling', 'GBP'], ['', null]] as const)(
    'currency %j -> %s',
    (cell, expected) => {
      expect(run((e) => readCurrency(cell, e))).toEqual({ value: expected, errors: [] });
    },
  );
  it.each(['CHF', 'Yen', 'Taler'])('currency %j is an error', (cell) => {
    expect(run((e) => readCurrency(cell, e)).errors).toEqual([`currency "${cell}" is not one offers are listed in (write USD, EUR, GBP; €, $ and £ also work)`]);
  });

  it.each([
    ['6', null, 6, null], [6, null, 6, null], ['6 weeks', null, 6, null], ['6-8 weeks', null, 8, 'lead time range: the longer end kept'], ['6 - 8 Wochen', null, 8, 'lead time range: the longer end kept'],
    ['10 days', null, 2, 'lead time converted from days to weeks'], ['14', 'days', 2, 'lead time converted from days to weeks'], ['2 months', null, 9, 'lead time converted from months to weeks'],
    ['in stock', null, 0, null], ['ab Lager', null, 0, null], ['sofort', null, 0, null], ['ca. 4 Wo.', null, 4, null], ['', null, null, null],
  ] as const)('lead time %j (header unit %s) -> %s weeks', (cell, unit, weeks, kind) => {
    const kinds: string[] = [];
    const out = run((e) => readLeadTime(cell, unit, null, e, (k) => kinds.push(k), 2));
    expect(out).toEqual({ value: weeks, errors: [] });
    expect(kinds).toEqual(kind ? [kind] : []);
  });
  it.each([['asap', 'lead time "asap" is not a number of weeks (write 6, "6 weeks", "6-8 weeks", "10 days" or "in stock")'], ['3 years', 'lead time "3 years" is not a number of weeks (write 6, "6 weeks", "6-8 weeks", "10 days" or "in stock")'], ['120', 'lead time 120 is more than 104 weeks (2 years)']])(
    'lead time %j is an error',
    (cell, message) => {
      expect(run((e) => readLeadTime(cell, null, null, e, noWarn, 2))).toEqual({ value: undefined, errors: [message] });
    },
  );
  it('reads the unit of a lead-time header', () => {
    expect(['Lead time (weeks)', 'Lieferzeit (Wochen)', 'Delivery [days]', 'Lieferzeit (Tage)', 'Lead time (months)', 'Lead time'].map(leadTimeUnitFromHeader)).toEqual(['weeks', 'weeks', 'days', 'days', 'months', null]);
  });

  it.each([['2', 2], [3, 3], ['2 pcs', 2], ['4 Stk.', 4], ['x2', 2], ['', null]] as const)('quantity %j -> %s', (cell, expected) => {
    expect(run((e) => readOfferQuantity(cell, e))).toEqual({ value: expected, errors: [] });
  });
  it.each([['0', 'quantity 0 is outside 1 to 100,000 (an offer needs at least one unit; leave the row out when none is left)'], ['1.5', 'quantity "1.5" is not a whole number of units (write 1, 2 or "2 pcs")'], ['some', 'quantity "some" is not a whole number of units (write 1, 2 or "2 pcs")']])(
    'quantity %j is an error',
    (cell, message) => {
      expect(run((e) => readOfferQuantity(cell, e))).toEqual({ value: undefined, errors: [message] });
    },
  );

  it('reads a price with the currency it names, and refuses one offers are not listed in', () => {
    expect(run((e) => readOfferPrice('€ 24.000', 'comma', e))).toEqual({ value: { min: 24000, max: 24000, currency: 'EUR' }, errors: [] });
    expect(run((e) => readOfferPrice('£21,000 - 23,000', 'point', e))).toEqual({ value: { min: 21000, max: 23000, currency: 'GBP' }, errors: [] });
    expect(run((e) => readOfferPrice(9900, null, e))).toEqual({ value: { min: 9900, max: 9900, currency: null }, errors: [] });
    expect(run((e) => readOfferPrice('CHF 9000', null, e)).errors).toEqual(['price "CHF 9000" is not in a currency offers are listed in (USD, EUR, GBP)']);
  });
});
