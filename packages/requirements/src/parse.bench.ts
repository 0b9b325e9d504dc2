import { bench, describe } from 'vitest';
import { parseRequirements } from './index';
import { englishRows, germanRows, spanishRows } from './table';

const short = 'no more than 900 mm reach';
const normal = 'Looking for a 6-axis robot with at least 20 kg payload, reach 1700 mm, no FANUC, budget under $50k';
const sentences = [...englishRows, ...germanRows, ...spanishRows].map((r) => r.text);
const long = 'lorem ipsum 12 kg, 5 mm, no ABB or KUKA, between 3 and 4, IP67 '.repeat(200);

describe('parseRequirements', () => {
  bench('a short sentence', () => {
    parseRequirements(short);
  });
  bench('a normal sentence (six constraints)', () => {
    parseRequirements(normal);
  });
  bench(`all ${sentences.length} table sentences`, () => {
    for (const s of sentences) parseRequirements(s);
  });
  bench('a 12,800-character text (cut at 4,000)', () => {
    parseRequirements(long);
  });
});
