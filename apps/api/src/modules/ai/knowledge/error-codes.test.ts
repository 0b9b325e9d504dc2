import { describe, expect, it } from 'vitest';
import { entriesPerMaker, errorCodeEntries, errorCodeEntrySchema, errorCodeTranslationSchema, errorMakers, findErrorCode, findKrnxName, findKukaMessages, makerManual, makersForNumber, translatedEntry } from './error-codes';
import table from './error-codes.json' with { type: 'json' };
import { nth } from '../../../test/defined';

describe('error-code knowledge base', () => {
  it('holds at least 250 verified codes across the major makers', () => {
    expect(errorCodeEntries.length).toBeGreaterThanOrEqual(250);
    const makers = new Set(errorCodeEntries.map((e) => e.maker));
    for (const m of ['ABB', 'Denso', 'Epson', 'FANUC', 'KUKA', 'Universal Robots', 'Yaskawa', 'Kawasaki']) expect(makers.has(m as never), m).toBe(true);
    // No Staubli or Omron/Techman code was found in a public manual of the maker yet (docs/decisions.md).
    for (const m of ['Stäubli', 'Omron', 'Techman Robot']) expect(makers.has(m as never), m).toBe(false);
    const counts = entriesPerMaker();
    expect(counts.FANUC).toBeGreaterThanOrEqual(109);
    expect(counts.ABB).toBeGreaterThanOrEqual(24);
    expect(counts['Universal Robots']).toBeGreaterThanOrEqual(85);
    expect(counts.KUKA).toBeGreaterThanOrEqual(25);
    expect(counts.Yaskawa).toBeGreaterThanOrEqual(10);
    expect(counts.Denso).toBe(8);
    expect(counts.Epson).toBe(3);
    expect(counts.Kawasaki).toBe(10);
  });

  it('gives Kawasaki\'s KRNX return codes as Kawasaki\'s own driver states them, and nothing for the pendant codes', () => {
    const open = findErrorCode('Kawasaki', '-0x1100');
    expect(open?.title).toBe('KRNX_E_OPEN_NETWORK');
    expect(open?.causes).toEqual(['A network error', 'An incorrect IP address', 'Issues with port_def.tbl or port_ref.tbl']);
    expect(findErrorCode('Kawasaki', '-0x2009')?.title).toBe('KRNX_E_ALREADYOPENED (Socket Already Used)');
    expect(findErrorCode('Kawasaki', '-0x1020')?.checks.join(' ')).toMatch(/AS Language Reference Manual/);
    for (const e of errorCodeEntries.filter((x) => x.maker === 'Kawasaki')) {
      expect(e.code, e.title).toMatch(/^-0x[0-9A-F]{4}$/i);
      expect(e.title, e.code).toMatch(/^KRNX_E_[A-Z_]+/);
      expect(e.source, e.code).toMatch(/github\.com\/Kawasaki-Robotics\/khi_ros2/);
    }
    expect(findKrnxName('krnx_e_open_rtlogin')?.code).toBe('-0x1102');
    expect(findKrnxName('KRNX_E_SOCK')).toBeUndefined();
    // The controller's own E/P/W codes are not in a Kawasaki source we could read: none is listed.
    for (const code of ['E1088', 'E6007', 'W1013', 'P0109']) expect(findErrorCode('Kawasaki', code), code).toBeUndefined();
    expect(makerManual('Kawasaki', 'E1088')).toBeUndefined();
    expect(makerManual('Kawasaki', '-0x1FFE')).toMatch(/khi_ros2/);
  });

  it('gives the Denso encoder failures and the Epson safety-board stops from the makers\' own pages', () => {
    expect(findErrorCode('Denso', '6413')?.title).toBe('J3 encoder system down failure');
    for (let j = 1; j <= 8; j += 1) expect(findErrorCode('Denso', `641${j}`)?.source, `641${j}`).toMatch(/^DENSO Robotics knowledge base.*support\.densorobotics\.com/);
    expect(findErrorCode('Denso', '6413')?.causes.join(' ')).toMatch(/batter/i);
    expect(findErrorCode('Denso', '6419')).toBeUndefined();
    expect(findErrorCode('Epson', '27')?.title).toBe('Safety Board issued a Main stop signal.');
    expect(findErrorCode('Epson', '28')?.title).toBe('Safety Board issued a Sub stop signal.');
    expect(findErrorCode('Epson', '28')?.source).toMatch(/download\.epson\.biz/);
    expect(makersForNumber('6411')).toEqual(['Denso']);
  });

  it('gives the Universal Robots hardware and calibration codes of UR\'s published table, with their sub-codes', () => {
    expect(findErrorCode('Universal Robots', 'C274')?.subcodes?.A1).toBe('Fan is not running');
    expect(findErrorCode('Universal Robots', 'C284')?.subcodes?.A21).toBe('Brake release count reached limit');
    expect(findErrorCode('Universal Robots', 'C213')?.meaning).toMatch(/calibration\.conf/);
    expect(findErrorCode('Universal Robots', 'C214')?.subcodes?.A6).toMatch(/Wrist 3/);
    expect(findErrorCode('Universal Robots', 'C283')?.subcodes?.A12).toMatch(/Safeguard Stop Input disagreement/);
    expect(findErrorCode('Universal Robots', 'C44')?.subcodes?.A6).toBe('Tool');
    for (const code of ['C38', 'C39', 'C44', 'C51', 'C76', 'C85', 'C187', 'C190', 'C213', 'C214', 'C215', 'C216', 'C219', 'C222', 'C223', 'C262', 'C265', 'C273', 'C274', 'C281', 'C283', 'C284']) {
      expect(findErrorCode('Universal Robots', code)?.source, code).toMatch(/Universal Robots error code table.*error_code_texts\.h/);
    }
    // Codes of the table whose meaning is only a title without detail are not added.
    expect(findErrorCode('Universal Robots', 'C61')).toBeUndefined();
  });

  it('names the maker\'s manual of every entry and knows the makers the catalog sells', () => {
    for (const e of errorCodeEntries) expect(e.source, `${e.maker} ${e.code}`).toMatch(new RegExp(`${e.maker.split(' ')[0]}.*(manual|table|instructions)`, 'i'));
    for (const m of ['Denso', 'Kawasaki', 'Stäubli', 'Omron', 'Techman Robot']) expect(errorMakers as readonly string[]).toContain(m);
    expect(errorCodeEntrySchema.safeParse({ ...nth(table, 0), source: undefined }).success).toBe(false);
  });

  it('gives the added codes the titles of the makers\' manuals', () => {
    expect(findErrorCode('FANUC', 'SRVO-027')?.title).toBe('Robot not mastered');
    expect(findErrorCode('FANUC', 'SRVO-058')?.title).toBe('FSSB init error');
    expect(findErrorCode('FANUC', 'SRVO-067')?.meaning).toMatch(/thermostat/);
    expect(findErrorCode('ABB', '50056')?.title).toBe('Joint collision');
    // Codes recalled but not found in a manual are not kept (docs/decisions.md).
    expect(findErrorCode('ABB', '20033')).toBeUndefined();
    expect(findErrorCode('Universal Robots', 'C151')?.title).toBe('Tool orientation close to limits');
  });

  it('gives every code a meaning, causes, checks, a safety note and no duplicates', () => {
    const keys = new Set<string>();
    for (const e of errorCodeEntries) {
      expect(e.meaning.length, e.code).toBeGreaterThan(20);
      expect(e.causes.length, e.code).toBeGreaterThan(0);
      expect(e.checks.length, e.code).toBeGreaterThan(0);
      expect(e.safety.length, e.code).toBeGreaterThan(10);
      const key = `${e.maker}|${e.code}`;
      expect(keys.has(key), key).toBe(false);
      keys.add(key);
    }
  });

  it('has the codes support teams see most', () => {
    for (const code of ['SRVO-001', 'SRVO-002', 'SRVO-007', 'SRVO-050', 'SRVO-062', 'SRVO-063', 'SRVO-065', 'MOTN-017', 'MOTN-023', 'SYST-026']) {
      expect(findErrorCode('FANUC', code), code).toBeDefined();
    }
    for (const code of ['10010', '10011', '20010', '20032', '50024', '50050', '50204', '38103']) expect(findErrorCode('ABB', code), code).toBeDefined();
    for (const code of ['C153', 'C204', 'C50']) expect(findErrorCode('Universal Robots', code), code).toBeDefined();
    expect(findErrorCode('Yaskawa', '4100')?.title).toBe('OVERRUN (ROBOT)');
  });

  it('states the meaning of well-known codes correctly', () => {
    expect(findErrorCode('FANUC', 'SRVO-062')?.meaning).toMatch(/battery/i);
    expect(findErrorCode('FANUC', 'SRVO-050')?.title).toBe('Collision Detect alarm');
    expect(findErrorCode('ABB', '50204')?.title).toBe('Motion supervision');
    expect(findErrorCode('ABB', '20032')?.title).toBe('Rev. counter not updated');
    expect(findErrorCode('Universal Robots', 'C204')?.subcodes?.A3).toBe('Sudden stop');
  });

  it('tells which makers use a bare number and finds KUKA messages by text', () => {
    expect(makersForNumber('4100')).toEqual(['Yaskawa']);
    expect(makersForNumber('4001')).toEqual(['Epson']);
    expect(findKukaMessages('the smartPAD shows Software limit switch +A3').map((e) => e.code)).toEqual(['Software limit switch']);
    expect(findKukaMessages('Software limit switch -A3', true).map((e) => e.code)).toEqual(['Software limit switch']);
    expect(findKukaMessages('emergency stop pressed', true)).toEqual([]);
  });

  it('is data checked by a schema: every entry of the JSON file loads, and a bad one is refused', () => {
    expect(errorCodeEntries).toHaveLength(table.length);
    const good = nth(table, 0);
    expect(errorCodeEntrySchema.safeParse(good).success).toBe(true);
    expect(errorCodeEntrySchema.safeParse({ ...good, maker: 'Acme' }).success).toBe(false);
    expect(errorCodeEntrySchema.safeParse({ ...good, meaning: ' ' }).success).toBe(false);
    expect(errorCodeEntrySchema.safeParse({ ...good, causes: [] }).success).toBe(false);
    expect(errorCodeEntrySchema.safeParse({ ...good, extra: 1 }).success).toBe(false);
    const kuka = errorCodeEntrySchema.parse({ ...good, maker: 'KUKA', patterns: ['software limit switch'] });
    expect(kuka.patterns?.[0]?.test('SOFTWARE LIMIT SWITCH -A3')).toBe(true);
  });
});

/** Makers whose every entry is translated into German and Spanish (docs/decisions.md "Alarm answers in the technician's language"). */
const TRANSLATED_MAKERS = (process.env.ALARM_TRANSLATED_MAKERS ?? 'FANUC,ABB,KUKA,Yaskawa,Universal Robots,Denso,Epson,Kawasaki').split(',');

/** The pieces a translation must keep as written: codes, parameter and menu names, abbreviations. */
function technicalTokens(text: string): string[] {
  const words = text.match(/[A-Za-z0-9$_][A-Za-z0-9$_.\-/[\]]*[A-Za-z0-9$_\]]|[A-Za-z0-9$]/g) ?? [];
  // Common abbreviations translated by their standard local form (SPS for PLC, E/A for I/O, AUS/EIN...).
  const translatable = new Set(['PLC', 'ON', 'OFF', 'OK', 'I/O', 'AND', 'OR', 'NOT']);
  return words
    .map((w) => w.replace(/[.\-/]+$/, ''))
    .filter((w) => !/^[\d.,%+-]+$/.test(w))
    .filter((w) => /\d|\$|_/.test(w) || /[a-z][A-Z]/.test(w) || (/^[A-Z][A-Z/-]*[A-Z]$/.test(w) && !translatable.has(w)));
}
const digitRuns = (text: string) => (text.match(/\d+/g) ?? []).sort();

describe('German and Spanish text of the verified alarm entries', () => {
  const covered = errorCodeEntries.filter((e) => TRANSLATED_MAKERS.includes(e.maker));

  it('translates every entry of the covered makers into German and Spanish', () => {
    expect(covered.length).toBeGreaterThanOrEqual(250);
    for (const e of covered) {
      for (const lang of ['de', 'es'] as const) {
        const tr = translatedEntry(e, lang);
        expect(tr, `${lang} ${e.maker} ${e.code}`).toBeDefined();
        // Translated, not copied: the explanation differs from the English.
        expect(tr?.meaning, `${lang} ${e.maker} ${e.code}`).not.toBe(e.meaning);
      }
    }
    expect(translatedEntry(nth(covered, 0), 'en')).toBeUndefined();
    expect(translatedEntry(nth(covered, 0), 'fr')).toBeUndefined();
  });

  it('keeps the codes, numbers, parameter and menu names of the English in each translated text', () => {
    const problems: string[] = [];
    for (const e of covered) {
      const en = [e.controllers, e.meaning, ...e.causes, ...e.checks, e.safety];
      for (const lang of ['de', 'es'] as const) {
        const tr = translatedEntry(e, lang);
        if (!tr) continue;
        const local = [tr.controllers, tr.meaning, ...tr.causes, ...tr.checks, tr.safety];
        en.forEach((source, i) => {
          const target = local[i] ?? '';
          const where = `${lang} ${e.maker} ${e.code} #${i}`;
          if (digitRuns(source).join(' ') !== digitRuns(target).join(' ')) problems.push(`${where}: numbers ${digitRuns(source).join(' ')} -> ${digitRuns(target).join(' ')}`);
          for (const token of technicalTokens(source)) if (!target.includes(token)) problems.push(`${where}: lost "${token}"`);
        });
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses a translation file whose entry is unknown or says a different number of causes or checks', () => {
    const good = { controllers: 'x', meaning: 'y', causes: ['a'], checks: ['b'], safety: 'z' };
    expect(errorCodeTranslationSchema.safeParse(good).success).toBe(true);
    expect(errorCodeTranslationSchema.safeParse({ ...good, causes: [] }).success).toBe(false);
    expect(errorCodeTranslationSchema.safeParse({ ...good, source: 'x' }).success).toBe(false);
  });
});
