import { normalizeRobotKey } from '@cellforge/db';
import { describe, expect, it } from 'vitest';
import { conversations } from '../../../../bench/chat-http-questions';
import { evalCases } from '../eval/dataset';
import { nth } from '../../../lib/invariants';
import { modelCandidates, type ModelCandidate } from './models';

/**
 * modelCandidates reads every span's key from its tokens' keys (session 15: the answer's links
 * ran it over each whole answer, a tenth of the API's CPU per answer). The candidates must be
 * exactly those of the former reading, which normalised every span's joined text: that one is
 * kept here as the reference and both read the same questions and answer-like texts.
 */
const UNIT_ONLY = /^(\d+(?:[.,]\d+)?)(kg|kgs|lb|lbs|g|mm|cm|m|in|ft|s|sec|k|usd|eur|h|hr|rpm|v|w|hz|x|%|st|nd|rd|th|d)$/i;
const CODE_LIKE = /^(?:(?:srvo|motn|syst|intp|prio|host|tpif|srio|prog|memo|kss)\d+|c\d{1,3}(?:a\d{1,3})?|[epwd]\d{4}|0x[0-9a-f]{4,8})$/i;
function reference(text: string, maxTokens = 4): ModelCandidate[] {
  const tokens: Array<{ text: string; start: number }> = [];
  for (const m of text.matchAll(/[^\s,;:!?()"“”[\]{}]+/g)) {
    const raw = m[0];
    const lead = raw.length - raw.replace(/^[.'\-/]+/, '').length;
    const clean = raw.replace(/^[.'\-/]+/, '').replace(/[.'\-/]+$/, '');
    if (clean) tokens.push({ text: clean, start: m.index + lead });
  }
  const out: ModelCandidate[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    for (let n = 1; n <= maxTokens && i + n <= tokens.length; n += 1) {
      const span = tokens.slice(i, i + n);
      if (n > 1 && /[,;]/.test(text.slice(nth(span, 0).start, nth(span, n - 1).start))) break;
      if (!/[\p{L}\p{N}]/u.test(nth(span, 0).text) || !/[\p{L}\p{N}]/u.test(nth(span, n - 1).text)) continue;
      const key = normalizeRobotKey('', span.map((t) => t.text).join(' ')).slice(1);
      if (key.length < 2 || key.length > 24) continue;
      if (!/\d/.test(key)) {
        const word = nth(span, 0).text;
        const shortName = key.length >= 3 && (/^[A-Z]{3,}$/.test(word) || (key.length === 4 && /^[A-Z]/.test(word) && i > 0 && /^[A-Z]/.test(nth(tokens, i - 1).text)));
        if (n !== 1 || ((key.length < 5 || (!/^[A-Z]/.test(word) && key.length < 6)) && !shortName)) continue;
      }
      if (/^\d+$/.test(key)) continue;
      if (n === 1 && UNIT_ONLY.test(key)) continue;
      const code = CODE_LIKE.test(key);
      if (code && n > 1) continue;
      const last = nth(span, span.length - 1);
      out.push({ key, text: text.slice(nth(span, 0).start, last.start + last.text.length), from: i, to: i + n, ...(code ? { code: true as const } : {}) });
    }
  }
  return out;
}

describe('model names in a text, read per token', () => {
  it('finds exactly the candidates of the former reading in questions and answers', () => {
    const texts = [
      ...evalCases.map((c) => c.message),
      ...conversations(400).flatMap((c) => c.turns.map((t) => t.message)),
      'Ich brauche einen Roboter für 12,5 kg: KUKA KR 10 R1100-2, Stäubli TX2-60L und FANUC M-20iD/25 — oder den CRX-10iA/L?',
      'Top picks:\n1. Universal Robots UR10e — 12.5 kg, 1300 mm\n2. FANUC CRX-10iA (10 kg; 1249 mm)\n3. ABB IRB 1200-7/0.7, GoFa CRB 15000',
      'Ｆａｎｕｃ Ｍ－２０ｉＤ／２５ or Kawasaki RS007N, RS7N; Epson T3-B401S, Denso COBOTTA, Comau AURA, ABB YuMi, SRVO-050 and 0x1A2B.',
      'a very long model-ish run: IRB 6700-200/2.60 KR 1000 titan LBR iiwa 14 R820 M-2000iA/2300 MPL800 II 1234567890123456789012345',
    ];
    expect(texts.length).toBeGreaterThan(400);
    let found = 0;
    for (const text of texts) {
      const want = reference(text);
      expect(modelCandidates(text), text).toEqual(want);
      found += want.length;
    }
    expect(found).toBeGreaterThan(1000);
  });
});
