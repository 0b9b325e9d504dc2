import { describe, expect, it } from 'vitest';
import type { BuyerRequirements, RequirementLanguage } from '@cellforge/contracts';
import { parseRequirements } from './index';
import { comparable, expected, type Row } from './table-helpers';
import { englishRows, followUpRows, germanRows, spanishRows } from './table';
import { heldOutRows } from './table-heldout';
import { heldOutRows2 } from './table-heldout2';

function read(row: Row): BuyerRequirements {
  let previous: BuyerRequirements | undefined;
  for (const turn of row.after ?? []) previous = parseRequirements(turn, { previous, knownMakers: row.knownMakers });
  return parseRequirements(row.text, { previous, knownMakers: row.knownMakers });
}

const sections: [string, Row[], RequirementLanguage][] = [
  ['English', englishRows, 'en'],
  ['German', germanRows, 'de'],
  ['Spanish', spanishRows, 'es'],
  ['follow-ups', followUpRows, 'en'],
];

for (const [name, rows, language] of sections) {
  describe(`${name} sentences`, () => {
    for (const row of rows) {
      const title = row.after ? `${row.after.join(' / ')} / ${row.text}` : row.text || '(empty)';
      (row.known ? it.fails : it)(row.known ? `${title} [known: ${row.known}]` : title, () => {
        expect(comparable(read(row))).toEqual(expected(row.expect, language));
      });
    }
  });
}

for (const [name, rows] of [['held-out sentences', heldOutRows], ['held-out sentences, second batch', heldOutRows2]] as const) describe(name, () => {
  for (const row of rows) {
    const title = row.after ? `${row.after.join(' / ')} / ${row.text}` : row.text;
    (row.known ? it.fails : it)(row.known ? `${title} [known: ${row.known}]` : title, () => {
      expect(comparable(read(row))).toEqual(expected(row.expect, 'en'));
    });
  }
});
