import { describe, expect, it } from 'vitest';
import { detectDecimalStyle, parseLocaleNumber, parseQuantityCell, roundFor, toBaseUnit, unitFromHeader } from './units';
import { defined } from '../../../test/defined';

describe('unitFromHeader', () => {
  it.each([
    ['Max Payload (lbs)', 'lb'],
    ['Reach [in]', 'in'],
    ['Reach (m)', 'm'],
    ['Payload kg', 'kg'],
    ['payload_kg', 'kg'],
    ['reach_mm', 'mm'],
    ['Payload in kg', 'kg'],
    ['Reach (max, inches)', 'in'],
    ['Payload {t}', 't'],
    ['Reach (ft)', 'ft'],
    ['Reach (cm)', 'cm'],
    ['Payload (g)', 'g'],
    ['Payload (#)', 'lb'],
  ])('%s -> %s', (header, unit) => {
    expect(unitFromHeader(header)).toBe(unit);
  });

  it.each(['Max reach', 'Payload', 'Model No.', 'Model #', 'Part #', 'Manufacturer', 'Working range'])('%s names no unit', (header) => {
    expect(unitFromHeader(header)).toBeNull();
  });
});

describe('parseLocaleNumber', () => {
  it.each([
    ['1300', null, 1300],
    ['1,300', null, 1300],
    ['1,300.5', null, 1300.5],
    ['1.300,5', null, 1300.5],
    ['12,5', null, 12.5],
    ['12.5', null, 12.5],
    ['1 300', null, 1300],
    ["1'300", null, 1300],
    ['1.300.000', null, 1300000],
    ['1.300', 'comma', 1300],
    ['1,300', 'comma', 1.3],
    ['1.3', null, 1.3],
    ['-5', null, -5],
  ] as const)('%s (%s) -> %s', (text, style, value) => {
    expect(parseLocaleNumber(text, style)).toBe(value);
  });

  it('refuses what is not one number', () => {
    expect(parseLocaleNumber('1,2,3.4.5', null)).toBeNull();
    expect(parseLocaleNumber('abc', null)).toBeNull();
    expect(parseLocaleNumber('', null)).toBeNull();
  });
});

describe('detectDecimalStyle', () => {
  it('reads a column of European decimals as comma', () => {
    expect(detectDecimalStyle(['1.300,5', '12', '1,300'])).toBe('comma');
    expect(detectDecimalStyle(['0,75', '6'])).toBe('comma');
  });
  it('reads a column with decimal points as point', () => {
    expect(detectDecimalStyle(['1,300.5', '12.5', '1,300'])).toBe('point');
  });
  it('leaves ambiguous columns open', () => {
    expect(detectDecimalStyle(['1,300', '900', 12])).toBeNull();
  });
});

describe('parseQuantityCell', () => {
  it.each([
    ['20 lb', 20, 'lb'],
    ['44lbs', 44, 'lb'],
    ['1.3 m', 1.3, 'm'],
    ['51 in', 51, 'in'],
    ['51"', 51, 'in'],
    ['850mm', 850, 'mm'],
    ['12,5 kg', 12.5, 'kg'],
    ['1.300,5', 1300.5, null],
    ['~ 20 kg', 20, 'kg'],
    ['3 ft', 3, 'ft'],
    ['0.5 t', 0.5, 't'],
    ['500 g', 500, 'g'],
  ] as const)('%s -> %s %s', (text, value, unit) => {
    const parsed = parseQuantityCell(text, null);
    expect(parsed).toMatchObject({ ok: true, value, unit });
  });

  it('passes spreadsheet numbers through', () => {
    expect(parseQuantityCell(12.5, null)).toMatchObject({ ok: true, value: 12.5, unit: null });
  });

  it('tells empty, unknown units and text apart', () => {
    expect(parseQuantityCell('', null)).toMatchObject({ ok: false, reason: 'empty' });
    expect(parseQuantityCell('n/a', null)).toMatchObject({ ok: false, reason: 'empty' });
    expect(parseQuantityCell('20 stone', null)).toMatchObject({ ok: false, reason: 'unknown-unit' });
    expect(parseQuantityCell('heavy', null)).toMatchObject({ ok: false, reason: 'not-a-number' });
    expect(parseQuantityCell(true, null)).toMatchObject({ ok: false, reason: 'not-a-number' });
  });
});

describe('conversion', () => {
  it('converts to kg and mm and rounds to datasheet precision', () => {
    expect(roundFor('mass', defined(toBaseUnit(44, 'lb', 'mass')))).toBe(20);
    expect(roundFor('mass', defined(toBaseUnit(0.5, 't', 'mass')))).toBe(500);
    expect(roundFor('mass', defined(toBaseUnit(500, 'g', 'mass')))).toBe(0.5);
    expect(roundFor('length', defined(toBaseUnit(1.3, 'm', 'length')))).toBe(1300);
    expect(roundFor('length', defined(toBaseUnit(51, 'in', 'length')))).toBe(1295);
    expect(roundFor('length', defined(toBaseUnit(3, 'ft', 'length')))).toBe(914);
    expect(roundFor('length', defined(toBaseUnit(85, 'cm', 'length')))).toBe(850);
  });
  it('refuses a length for a mass', () => {
    expect(toBaseUnit(2, 'm', 'mass')).toBeNull();
    expect(toBaseUnit(2, 'kg', 'length')).toBeNull();
  });
});
