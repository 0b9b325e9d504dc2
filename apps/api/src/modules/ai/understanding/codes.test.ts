import { describe, expect, it } from 'vitest';
import { extractCodes, lookupCode } from './codes';
import { defined } from '../../../test/defined';

const codes = (text: string, maker?: string) => extractCodes(text, maker).map((c) => `${c.maker ?? '?'}:${c.code}`);

describe('extractCodes', () => {
  it.each([
    ['My Fanuc shows SRVO-062 BZAL', 'FANUC:SRVO-062'],
    ['srvo-65 on the pendant', 'FANUC:SRVO-065'],
    ['MOTN-023 In singularity', 'FANUC:MOTN-023'],
    ['SYST-026 after power on', 'FANUC:SYST-026'],
    ['INTP 105 when starting', 'FANUC:INTP-105'],
    ['ABB robot error 50204 motion supervision', 'ABB:50204'],
    ['IRC5 shows event 20032, what now?', 'ABB:20032'],
    ['ABB 10010 in the event log', 'ABB:10010'],
    ['Yaskawa alarm 4100 after jogging', 'Yaskawa:4100'],
    ['alarm 4107 on the DX200', 'Yaskawa:4107'],
    ['Epson error 4001 during Jump', 'Epson:4001'],
    ['UR10e protective stop C153A2', 'Universal Robots:C153A2'],
    ['Our UR robot gives C204A3 randomly', 'Universal Robots:C204A3'],
    ['KUKA KSS12345 message', 'KUKA:KSS12345'],
  ])('finds the code in "%s"', (text, expected) => {
    expect(codes(text)).toContain(expected);
  });

  it('gives a bare number the maker of the robot being discussed', () => {
    expect(codes('alarm 4315 after a crash', 'Yaskawa')).toEqual(['Yaskawa:4315']);
    expect(codes('error 4001 on this one', 'Epson')).toEqual(['Epson:4001']);
  });

  it('reads KUKA messages by their text', () => {
    expect(codes("KUKA says 'Software limit switch -A1'")).toContain('KUKA:Software limit switch');
  });

  it('does not take model names, years, prices or quantities for codes', () => {
    expect(codes('Compare the Epson C4-A601S with the IRB 1200')).toEqual([]);
    expect(codes('We bought it in 2019')).toEqual([]);
    expect(codes('budget of 50000 USD for a robot')).toEqual([]);
    expect(codes('KR 1000 titan for 1000 kg')).toEqual([]);
    expect(codes('tool 2 and jog 10')).toEqual([]);
  });

  it('looks codes up by maker; UR sub-codes by family', () => {
    const [ur] = extractCodes('C204A3 on a UR5e');
    expect(lookupCode(defined(ur))?.title).toBe('Path sanity check failed');
    expect(lookupCode(defined(ur))?.subcodes?.A3).toBe('Sudden stop');
    const [unknown] = extractCodes('SRVO-999 on the pendant');
    expect(lookupCode(defined(unknown))).toBeUndefined();
  });
});
