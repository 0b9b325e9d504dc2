/**
 * A buyer's budget and limits read the same way by the chat, the catalog search box and the
 * project matches (issue 12, session 12). Written from the buyer's side: someone typing in the
 * chat widget in English, German or Spanish, with the money in their own currency.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { projectMatchesResponseSchema } from '@cellforge/contracts';
import { budgetInUsd } from '@cellforge/requirements';
import { testBackends } from '../../test/create-test-app';
import { bearer, registerUser } from '../../test/factories';
import { defined } from '../../test/defined';
import { useChatApp } from './chat-test-kit';

describe.each(testBackends)('budgets and limits as the buyer said them (%s)', (backend) => {
  const { ctx, chat } = useChatApp(backend);

  describe('"Got it so far" reads a budget back in the buyer\'s currency, with the USD beside it', () => {
    const cases = [
      { lang: 'en', message: 'I need a cobot for 8 kg parts, budget 40,000 EUR', got: 'Got it so far:', budget: 'budget €40,000 (≈ $43,300)' },
      { lang: 'de', message: 'Ich suche einen Cobot für 8 kg Teile, Budget 40.000 €', got: 'Bisher verstanden:', budget: 'Budget 40.000 € (≈ 43.300 $)' },
      { lang: 'es', message: 'Busco un cobot para piezas de 8 kg, presupuesto 40.000 €', got: 'Hasta ahora he entendido:', budget: 'presupuesto 40.000 € (≈ 43.300 US$)' },
      { lang: 'en', message: 'cobot for 8 kg parts, budget £30k', got: 'Got it so far:', budget: 'budget £30,000 (≈ $38,300)' },
    ] as const;
    it.each(cases)('$lang: $message', async ({ message, got, budget }) => {
      const answer = await chat({ message });
      // Intl puts a no-break space between a figure and its currency sign ("40.000 €").
      const line = answer.response.replace(/\u00a0/g, ' ').split('\n').find((l) => l.startsWith(got));
      expect(line, answer.response).toBeDefined();
      expect(line).toContain(budget);
      // Never the buyer's euros or pounds shown as dollars.
      expect(answer.response).not.toMatch(/\$40,000|40\.000 \$|40\.000 US\$|\$30,000/);
    });

    it('a budget said again in dollars replaces the euros, in the same conversation', async () => {
      const first = 'I need a cobot for 8 kg parts, budget 40,000 EUR';
      const before = await chat({ message: first });
      const after = await chat({
        message: 'actually the budget is $50,000',
        conversationHistory: [
          { role: 'user', content: first },
          { role: 'assistant', content: before.response },
        ],
      });
      const line = defined(after.response.split('\n').find((l) => l.startsWith('Got it so far:')));
      expect(line).toContain('budget $50,000');
      expect(line).not.toContain('€');
    });

    it('the shortlist\'s budget notes and the over-budget sentence name the euros too', async () => {
      // Nothing meets 8 kg within €5,000: the answer says so in the buyer's currency.
      const answer = await chat({ message: 'cobot for 8 kg parts, 900 mm reach, budget 5.000 €' });
      expect(answer.response).toContain('€5,000 (≈ $5,410)');
      expect(answer.response).not.toMatch(/\$5,000\b/);
    });
  });

  /**
   * The three readings side by side: the chat's "see more" link (the filters its shortlist
   * applied), the search box's filters for the same words, and the project matches'
   * reading of the same words as a description.
   */
  describe('the chat, the search box and the project matches read the same words alike', () => {
    const cases: Array<{ words: string; filters: Record<string, string>; readAs: string }> = [
      { words: 'cobot for 8 kg parts, budget 40k EUR', filters: { maxPrice: String(defined(budgetInUsd({ max: 40000, currency: 'EUR' }).max)) }, readAs: 'budget ≤ €40,000 (≈ $43,300)' },
      { words: 'cobot for 8 kg parts, budget £30,000', filters: { maxPrice: String(defined(budgetInUsd({ max: 30000, currency: 'GBP' }).max)) }, readAs: 'budget ≤ £30,000 (≈ $38,300)' },
      { words: 'Cobot für 8 kg Teile, Budget 1,5 Mio. €', filters: { maxPrice: String(defined(budgetInUsd({ max: 1_500_000, currency: 'EUR' }).max)) }, readAs: 'budget ≤ €1,500,000 (≈ $1,620,000)' },
      { words: 'Roboter für 3 kg Teile, max. 600 mm Reichweite', filters: { maxReach: '600' }, readAs: 'reach ≤ 600 mm' },
      { words: 'robot con carga útil de 5 kg como mínimo y alcance de 900 mm', filters: { minReach: '900' }, readAs: 'reach 900 mm' },
    ];
    it.each(cases)('$words', async ({ words, filters, readAs }) => {
      const answer = await chat({ message: words });
      const href = answer.metadata.catalogHref;
      expect(href, answer.response).toBeDefined();
      const chatFilters = Object.fromEntries(new URL(defined(href), 'http://x').searchParams);

      const search = await request(ctx().app).get('/api/robots').query({ q: words }).expect(200);
      const searchFilters = search.body.interpretation.filters as Record<string, string>;

      const { token } = await registerUser(ctx().app);
      const created = await request(ctx().app).post('/projects').set(bearer(token)).send({ project_name: words.slice(0, 40), description: words }).expect(201);
      const matches = projectMatchesResponseSchema.parse((await request(ctx().app).get(`/projects/${created.body.data.id}/matches`).set(bearer(token)).expect(200)).body);

      const side = { chat: chatFilters, search: searchFilters, matchesReadAs: matches.from_description?.read_as, searchReadAs: search.body.interpretation.read_as };
      for (const [key, value] of Object.entries(filters)) {
        expect(chatFilters[key], JSON.stringify(side)).toBe(value);
        expect(searchFilters[key], JSON.stringify(side)).toBe(value);
      }
      expect(search.body.interpretation.read_as, JSON.stringify(side)).toContain(readAs);
      expect(matches.from_description?.read_as, JSON.stringify(side)).toContain(readAs);
      // The payload: the chat applies the part plus the gripper allowance, as the search box and matches do.
      expect(Number(chatFilters.minPayload), JSON.stringify(side)).toBe(Number(searchFilters.minPayload));
    });
  });
});
