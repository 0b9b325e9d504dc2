import { describe, expect, it } from 'vitest';
import { extractCodes, lookupCode } from './codes';
import { defined } from '../../../test/defined';

const codes = (text: string, maker?: string) => extractCodes(text, maker).map((c) => `${c.maker ?? '?'}:${c.code}`);

describe('extractCodes', () => {
  it.each([
    ['My Fanuc shows SRVO-062 BZAL', 'FANUC:SRVO-062'],
    ['srvo-65 on the pendant', 'FANUC:SRVO-065'],
    // Typed on a phone, as an outside tester wrote them.
    ['fanuc srvo062', 'FANUC:SRVO-062'],
    ['srvo 62 on my fanuc', 'FANUC:SRVO-062'],
    ['getting motn023 when I jog', 'FANUC:MOTN-023'],
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
    // A KUKA message number beside a bare controller name: the C4 is the KR C4, not UR's C4.
    ['C4 shows KSS01356', 'KUKA:KSS01356'],
    ['the C4 controller says KSS 1356 after power on', 'KUKA:KSS01356'],
  ])('finds the code in "%s"', (text, expected) => {
    expect(codes(text)).toContain(expected);
  });

  it('reads a bare "C4" beside a KUKA message number as the KR C4, not as the Universal Robots code C4', () => {
    expect(codes('C4 shows KSS01356')).toEqual(['KUKA:KSS01356']);
    expect(codes('C4 shows KSS01356 after the fence opened')).not.toContain('Universal Robots:C4');
    // Without another maker's code, an alarm word and a UR C-code stay UR's.
    expect(codes('the pendant shows C4 after power on')).toContain('Universal Robots:C4');
  });

  it('does not read everyday words with a number as FANUC codes', () => {
    expect(codes('tool 2 is heavier than tool 1')).toEqual([]);
    expect(codes('jog 10 mm and check')).toEqual([]);
    expect(codes('the arc 3 times per minute')).toEqual([]);
  });

  it('gives a bare number the maker of the robot being discussed', () => {
    expect(codes('alarm 4315 after a crash', 'Yaskawa')).toEqual(['Yaskawa:4315']);
    expect(codes('error 4001 on this one', 'Epson')).toEqual(['Epson:4001']);
  });

  it('reads any other code-shaped word under the maker named, so an unknown code is unknown for that maker', () => {
    expect(codes('FANUC ZQX-9981')).toEqual(['FANUC:ZQX-9981']);
    expect(codes('my fanuc shows qqa-123, what does it mean?')).toEqual(['FANUC:QQA-123']);
    // Not without a maker, not model names ending in letters, not beside a code of a known format, not in a buyer's question.
    expect(codes('ZQX-9981')).toEqual([]);
    expect(codes('FANUC CRX-10iA')).toEqual([]);
    expect(codes('FANUC M-20iD/25 for 20 kg')).toEqual([]);
    expect(codes('ABB IRB-6700 for 150 kg')).toEqual([]);
    expect(extractCodes('FANUC ZQX-9981')[0]?.shapeOnly).toBe(true);
  });

  it('reads the formats of Denso, Epson, Kawasaki, Staubli and Omron/Techman under the maker named', () => {
    expect(codes('Denso VS-087 shows error 6413 after the weekend shutdown')).toEqual(['Denso:6413']);
    expect(codes('RC7M controller: 6411 J1 encoder system down failure, what do I do?')).toEqual(['Denso:6411']);
    expect(codes('Fehler 6412 an unserem Denso Roboter')).toEqual(['Denso:6412']);
    expect(codes('COBOTTA error 0x84204051')).toEqual(['Denso:0x84204051']);
    expect(codes('Epson RC800 error 27 safety board main stop signal')).toEqual(['Epson:27']);
    expect(codes('error 28 again', 'Epson')).toEqual(['Epson:28']);
    expect(codes('Kawasaki RS007L stops with E1088 in repeat mode')).toEqual(['Kawasaki:E1088']);
    expect(codes('Kawasaki controller shows (W1013) encoder battery low')).toEqual(['Kawasaki:W1013']);
    // Kawasaki's KRNX library (its ROS drivers) returns negative hexadecimal codes; KRNX names the maker.
    expect(codes('krnx_Open returned -0x1100')).toEqual(['Kawasaki:-0x1100']);
    expect(codes('KRNX_E_OPEN_ASHANG after the controller update')).toEqual(['Kawasaki:-0x1103']);
    // Under another maker the minus is no part of the code.
    expect(codes('Denso RC8 error -0x6003')).toEqual(['Denso:0x6003']);
    expect(codes('Stäubli TX2-60 on a CS9: error 0x1A2B when powering the arm')).toEqual(['Stäubli:0x1A2B']);
    // TMflow is named nearest: Omron sells the Techman TM robots, the code is read under Techman Robot.
    expect(codes('Omron TM5 cobot shows error code 0x00FF1234 on TMflow')).toEqual(['Techman Robot:0x00FF1234']);
    expect(codes('Techman TM12 alarm 0x0000A1B2')).toEqual(['Techman Robot:0x0000A1B2']);
  });

  it('reads Denso and Omron/Techman codes that are hexadecimal without the 0x, as the pendant shows them', () => {
    // Denso controllers show four hexadecimal characters ("84A7", "607D"); RC8 logs eight.
    expect(codes('Denso RC8 error 84A7 on start-up')).toEqual(['Denso:84A7']);
    expect(codes('our cobotta shows 607d after the e-stop')).toEqual(['Denso:607D']);
    expect(codes('RC7M Fehler 84A7 beim Einschalten')).toEqual(['Denso:84A7']);
    expect(codes('el Denso da el error 83A0B2C4 al arrancar')).toEqual(['Denso:83A0B2C4']);
    expect(codes('error 84A7 again', 'Denso')).toEqual(['Denso:84A7']);
    expect(codes('TMflow shows 0000A1B2 on the TM5')).toEqual(['Techman Robot:0000A1B2']);
    // Digits only keep the numbers' rules; "0x6411" and "6411" are the same Denso code.
    expect(codes('Denso error 6003 at start')).toEqual(['Denso:6003']);
    expect(lookupCode(defined(extractCodes('Denso RC7 error 0x6411')[0]))?.title).toBe('J1 encoder system down failure');
    // Under a maker whose codes are not hexadecimal, or with no maker, such a word is no code.
    expect(codes('FANUC error 84A7')).not.toContain('FANUC:84A7');
    expect(codes('error 84A7 on the pendant')).toEqual([]);
    // Model names with a dash, and words without a digit, are not codes.
    expect(codes('Denso VS-6577 shows error 84A7')).toEqual(['Denso:84A7']);
    expect(codes('Denso cafe face error 6411')).toEqual(['Denso:6411']);
  });

  it('keeps low numbers and letter codes away from the other makers', () => {
    // "error 27" is only an Epson code; under ABB or with no maker it is not read.
    expect(codes('ABB error 27 on the flexpendant')).toEqual([]);
    expect(codes('error 27 on the pendant')).toEqual([]);
    // Kawasaki letter codes need Kawasaki named.
    expect(codes('FANUC shows E1088')).toEqual([]);
    expect(codes('Epson error 27 with 40 kg')).toEqual(['Epson:27']);
  });

  it('an unknown code under a named maker is unknown for that maker, never another maker\'s', () => {
    for (const [text, expected] of [
      ['Denso alarm 9999 on the teach pendant', 'Denso:9999'],
      ['Kawasaki E1088 in repeat mode', 'Kawasaki:E1088'],
      ['Staubli CS9 error 0x1A2B', 'Stäubli:0x1A2B'],
      ['Omron TM5 error 0x00FF1234', 'Omron:0x00FF1234'],
    ] as const) {
      const [mention] = extractCodes(text);
      expect(`${mention?.maker}:${mention?.code}`, text).toBe(expected);
      expect(lookupCode(defined(mention)), text).toBeUndefined();
    }
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
