/**
 * An outside tester of the buyer journey across the three places a buyer says what they need
 * (issue 12) and of asking for a price on any robot (issue 13, the buyer's half), through the HTTP
 * API only, on a fresh install (the seed catalog), on both databases. Written from the buyer's side
 * before reading any rule code (parser, fit function, search, matching, advisor).
 *
 * Each need is said once, in the buyer's own words, and the SAME words go to:
 *   - the chat: POST /ai/chat with a plain [{role, content}] history (no metadata echoed back);
 *   - the catalog search box, as the web's search box sends it: GET /api/robots?page=1&limit=20&q=...
 *     (apps/web toRobotsQuery with only the text typed);
 *   - a customer's project created as the web's project form sends it (the words as its description,
 *     every requirement field empty), then GET /projects/:id/matches.
 * What a competent marketplace must give, per need:
 *   (a) bounds: every robot the chat links, every robot on the search box's first page and every match
 *       presented as meeting the project (all its reasons ok; application and industry are preferences)
 *       meets every stated bound (min/max/range, units lb/oz/t/ft/cm, decimal commas, "at least",
 *       "no more than", "between"), exclusion, type, axis count, environment and budget; and each
 *       surface shows at least one robot when the catalog has one (German and Spanish needs are also
 *       answered in that language);
 *   (b) the same robots first: the chat's first three linked robots, the search box's first three
 *       results and the project's first three fitting matches are the same robots IN THE SAME ORDER.
 *       Nothing may differ except when a surface has fewer than three to show (then it shows what fits).
 *   (c) nothing fits: the chat says so (and names the budget when the budget is what rules everything
 *       out), the search box lists nothing, the project presents nothing as fitting; the nearest robots
 *       the chat shows still keep what is not a figure (type, environment).
 * Oracle: the public catalog (GET /api/robots, all pages) filtered by the need's constraints. A stated
 * payload may or may not already include the gripper (ROBOT_TOOL_MARGIN): a need that fits only when it
 * does is not required to show robots. Budgets read the robot's lowest price (offer, else list price);
 * a robot with no published price may be kept; EUR is read at up to 1.2 USD, GBP at up to 1.4 USD.
 *
 * Prices: a buyer asks for the price of a model a supplier offers in EUR or GBP (the answer names the
 * offer's price as the supplier wrote it: "€38,500", "£11,900"), of a model nobody offers and that has
 * no published price (no invented figure; the request for quote the web sends becomes an open request
 * a supplier and an integrator see), of models typed with typos (the chat gets the question, the search
 * box the model as typed: "Yaskwa GP-25"; a model name is not a project), in a plain-history follow-up ("how
 * much is it?"), and from a project described only in words (the request carries what the buyer wrote).
 * Cases do not repeat outsider-buyer, outsider-journey, outsider-assistant or outsider-quotes.
 *
 * A case that fails today is `it.fails` with what the buyer got in `observed[name]` (exact values);
 * delete the entry when a fix makes the case pass. Never loosen an assertion to make a case pass.
 *
 * Status (session 15): every case passes on both databases; the 8 fixed in session 14 and the last 7
 * (same first three for "ip65" and "oz-delta-scara", "SCARA with 2 m reach" said to fit nothing, the
 * nearest robots keeping the type and environment asked) in session 15. The list below is history.
 *
 * What failed when written (2026-11-27, session 14; the same on PGlite and PostgreSQL, exact values in
 * `observed`; 60 cases per database, 15 kept as `it.fails`; one run of both databases took 66-96 s
 * (tests 51-77 s) at load average 11-27 on the shared 2-core machine):
 *   - Makers typed with a typo: "Yaskwa only" is dropped by the chat and the project matches (KUKA,
 *     Comau and FANUC first; 17 other makers' robots presented as fitting) while the search box keeps
 *     Yaskawa only; "no Fanuk" is dropped by all three (FANUC robots first everywhere, "not KUKA" kept).
 *   - Same robots first, in the same order: the search box and the matches agree on every need with
 *     fitting robots; the chat differs for "IP65 or better ... 20 kg" (first two swapped), "8 oz vials,
 *     delta or SCARA only" (leaves out the delta ABB IRB 360-1/1130) and the two typo needs.
 *   - Nothing fits: "SCARA with at least 2 m reach" asks for the payload instead of saying no SCARA
 *     reaches 2 m (and shows no robot); for "collaborative robot for 200 kg" and "Delta-Roboter für
 *     25 kg" the chat says no robot of that type fits and then lists palletizers / cobots as "robots
 *     that fit"; for "food-grade robot for 50 kg" it links three robots with no published food-grade
 *     rating (it says so). The search box (0) and the matches (none presented as fitting) are right.
 *   - Prices: "¿Cuánto cuesta el Kawasaki RS020N?" is answered in English with the description and
 *     the list band, not the €38,500 offer ("What does the Kawasaki RS020N cost?" gives it);
 *     "how much is an Epson G10-854S?" never names the £11,900 offer; "How much is the Comau AURA?"
 *     (no offer, no list price) gets the generic menu with no link and no word of a quote.
 *   - A project described as "Food-grade robot for 4 kg portions on a washdown line, no FANUC": the
 *     request on its one fitting match (Doosan Robotics E0509) is open and the integrator sees it, but
 *     it carries {payload_kg: 4} only: the food-grade requirement does not travel.
 * What holds: every stated bound, range, unit (lb, oz, t with a decimal comma, ft, cm), exclusion,
 * type, axis count, environment (IP65/IP66, ISO 5 cleanroom, food-grade) and budget ("under 30
 * grand", "€25k max", "£40,000", "60.000 €") is honoured on all three surfaces for the 21 needs with
 * fitting robots, German and Spanish needs are answered in that language, and the search box and the
 * matches put the same three robots on top in the same order; a budget that rules everything out is
 * named as such; an EUR offer is named as written in English and in a plain-history follow-up ("and
 * how much is it?"); models typed with typos ("Yaskwa GP-25", "Fanuk CRX 20iA L") are found by the
 * chat and put first by the search box; a request on a model nobody offers is open to suppliers and
 * integrators.
 */
import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeFileSync } from 'node:fs';
import { seedCatalog } from '@cellforge/db';
import type { DbHandle } from '@cellforge/db';
import { createTestDb, truncateAll } from '@cellforge/db/testing';
import { ROBOT_TOOL_MARGIN } from '@cellforge/contracts';
import { createApp } from './app';
import { createLogger } from './lib/logger';
import { checkAnswer } from './test/answer-check';
import { testBackends, testConfig } from './test/create-test-app';
import { bearer, registerUser } from './test/factories';

// The machine is shared (2 cores, many helpers): PGlite's migrations alone can take a minute.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

/** Cases that fail today, by test name, with what the buyer got (exact values). */
const observed: Partial<Record<string, string>> = {
};

function tcase(name: string, fn: () => Promise<void>) {
  (observed[name] ? it.fails : it)(name, fn);
}

// ---------------------------------------------------------------------------------------------
// The needs, in the buyer's words (written before any run)
// ---------------------------------------------------------------------------------------------

interface Need {
  id: string;
  lang: 'en' | 'de' | 'es';
  text: string;
  /** Every robot must carry at least this, kg. */
  payloadKg?: number;
  /** Rated payload at most this, kg. */
  maxPayloadKg?: number;
  minReachMm?: number;
  maxReachMm?: number;
  exclude?: string[];
  only?: string[];
  /** Budget in USD at the lowest and the highest reading of its currency. */
  budgetUsd?: number;
  budgetUsdHigh?: number;
  category?: string[];
  dof?: number;
  minIp?: number;
  /** ISO 14644-1 class this or cleaner. */
  cleanroomMax?: number;
  foodGrade?: boolean;
  /** Nothing fits: what the chat must name as the constraint that rules everything out. */
  conflict?: RegExp;
}

const eur = (amount: number) => ({ budgetUsd: amount, budgetUsdHigh: amount * 1.2 });
const gbp = (amount: number) => ({ budgetUsd: amount * 1.2, budgetUsdHigh: amount * 1.4 });
const LB = 0.45359237;
const OZ = 0.028349523;

const needs: Need[] = [
  { id: 'grand', lang: 'en', text: 'cobot for 4 kg parts, under 30 grand', payloadKg: 4, category: ['collaborative'], budgetUsd: 30000, budgetUsdHigh: 30000 },
  { id: 'eur-max', lang: 'en', text: 'SCARA for 3 kg parts, €25k max', payloadKg: 3, category: ['scara'], ...eur(25000) },
  { id: 'no-fanuc-or-yaskawa', lang: 'en', text: 'machine tending 15 kg blanks, reach 1.6 m, no FANUC or Yaskawa', payloadKg: 15, minReachMm: 1600, exclude: ['FANUC', 'Yaskawa'] },
  { id: 'cm', lang: 'en', text: 'small arm carrying 2 kg with a reach of at least 85 cm', payloadKg: 2, minReachMm: 850 },
  { id: 'ft-lb', lang: 'en', text: 'payload 15 lb, needs 4 ft of reach', payloadKg: 15 * LB, minReachMm: 4 * 304.8 },
  { id: 'between-mm', lang: 'en', text: '5 kg parts, reach between 800 and 1,000 mm', payloadKg: 5, minReachMm: 800, maxReachMm: 1000 },
  { id: 'rated-between', lang: 'en', text: 'arms rated between 3 and 6 kg, reach 600 mm or more', payloadKg: 3, maxPayloadKg: 6, minReachMm: 600 },
  { id: 'de-comma-no-kuka', lang: 'de', text: 'Roboter mit mindestens 1,65 m Reichweite und 12,5 kg Traglast, kein KUKA', payloadKg: 12.5, minReachMm: 1650, exclude: ['KUKA'] },
  { id: 'es-arc-eur', lang: 'es', text: 'Busco un robot de soldadura por arco, 8 kg, alcance mínimo 1,4 m, presupuesto máximo 60.000 €', payloadKg: 8, minReachMm: 1400, ...eur(60000) },
  { id: 'de-scara-max', lang: 'de', text: 'SCARA-Roboter für 2 kg Teile, Reichweite höchstens 600 mm', payloadKg: 2, maxReachMm: 600, category: ['scara'] },
  { id: 'ip65', lang: 'en', text: 'robot rated IP65 or better for a dusty foundry cell, 20 kg', payloadKg: 20, minIp: 65 },
  { id: 'cleanroom-iso5', lang: 'en', text: 'ISO class 5 cleanroom robot for a 3 kg wafer carrier', payloadKg: 3, cleanroomMax: 5 },
  { id: 'food-ip66', lang: 'en', text: 'food-grade robot, at least IP66, 4 kg portions', payloadKg: 4, foodGrade: true, minIp: 66 },
  { id: 'tonnes-comma', lang: 'en', text: 'we need to move 0,8 t castings', payloadKg: 800 },
  { id: 'oz-delta-scara', lang: 'en', text: '8 oz vials, delta or SCARA only', payloadKg: 8 * OZ, category: ['delta', 'scara'] },
  { id: 'maker-typo-only', lang: 'en', text: 'Yaskwa only, 12 kg, 1.4 m reach', payloadKg: 12, minReachMm: 1400, only: ['Yaskawa'] },
  { id: 'maker-typo-exclude', lang: 'en', text: 'no Fanuk and no Kuka please, 50 kg, reach 2.2 m', payloadKg: 50, minReachMm: 2200, exclude: ['FANUC', 'KUKA'] },
  { id: 'staubli-plain', lang: 'en', text: 'Staubli only, six axes, 5 kg, 900 mm reach', payloadKg: 5, minReachMm: 900, only: ['Stäubli'], dof: 6 },
  { id: 'gbp', lang: 'en', text: 'cobot for 10 kg, budget £40,000', payloadKg: 10, category: ['collaborative'], ...gbp(40000) },
  { id: 'no-more-than-lb', lang: 'en', text: '1 lb parts, robot payload no more than 5 kg', payloadKg: 1 * LB, maxPayloadKg: 5 },
  { id: 'four-axis', lang: 'en', text: '4-axis robot for 20 kg, reach at least 1 m', payloadKg: 20, minReachMm: 1000, dof: 4 },
  // Nothing in the catalog fits these.
  { id: 'nf-cobot-200', lang: 'en', text: 'collaborative robot for 200 kg', payloadKg: 200, category: ['collaborative'], conflict: /payload|200\s?kg/i },
  { id: 'nf-scara-2m', lang: 'en', text: 'SCARA with at least 2 m reach', minReachMm: 2000, category: ['scara'], conflict: /reach|2\s?m\b|2,?000\s?mm/i },
  { id: 'nf-food-50', lang: 'en', text: 'food-grade robot for 50 kg meat blocks', payloadKg: 50, foodGrade: true, conflict: /food/i },
  { id: 'nf-pal-budget', lang: 'en', text: 'a palletizer for 300 kg layers, budget under 50k USD', payloadKg: 300, category: ['palletizing'], budgetUsd: 50000, budgetUsdHigh: 50000, conflict: /budget|price|\$?50,000|50k/i },
  { id: 'nf-de-delta', lang: 'de', text: 'Delta-Roboter für 25 kg', payloadKg: 25, category: ['delta'], conflict: /25\s?kg|Traglast|Nutzlast/i },
];

interface CatalogRobot {
  id: string;
  manufacturer: string;
  model: string;
  category: string;
  payload_kg: number;
  reach_mm: number;
  dof: number;
  price_min_usd: number | null;
  price_max_usd: number | null;
  ip_rating: number | null;
  cleanroom_iso_class: number | null;
  food_grade: boolean | null;
  applications?: string[];
  offers?: { count: number; lowest_price: number | null; lowest_price_currency: string | null; price_min_usd: number | null } | null;
}

/** What in the robot breaks the need (empty: it fits). `allowance`: the stated payload read as the part alone. */
function violations(n: Need, r: CatalogRobot, opts: { allowance?: boolean; figures?: boolean } = { figures: true }): string[] {
  const out: string[] = [];
  const figures = opts.figures !== false;
  const payload = n.payloadKg === undefined ? undefined : n.payloadKg * (opts.allowance ? 1 + ROBOT_TOOL_MARGIN : 1);
  if (figures) {
    if (payload !== undefined && r.payload_kg < payload - 1e-9) out.push(`payload ${r.payload_kg} < ${+payload.toFixed(3)}`);
    if (n.maxPayloadKg !== undefined && r.payload_kg > n.maxPayloadKg) out.push(`payload ${r.payload_kg} > ${n.maxPayloadKg}`);
    if (n.minReachMm !== undefined && r.reach_mm < n.minReachMm - 1e-9) out.push(`reach ${r.reach_mm} < ${+n.minReachMm.toFixed(1)}`);
    if (n.maxReachMm !== undefined && r.reach_mm > n.maxReachMm) out.push(`reach ${r.reach_mm} > ${n.maxReachMm}`);
    const price = r.offers?.price_min_usd ?? r.price_min_usd;
    if (n.budgetUsdHigh !== undefined && price !== null && price > n.budgetUsdHigh) out.push(`price from ${price} > ${n.budgetUsdHigh}`);
  }
  if (n.exclude?.includes(r.manufacturer)) out.push(`excluded maker ${r.manufacturer}`);
  if (n.only && !n.only.includes(r.manufacturer)) out.push(`maker ${r.manufacturer}`);
  if (n.category && !n.category.includes(r.category)) out.push(`category ${r.category}`);
  if (n.dof !== undefined && r.dof !== n.dof) out.push(`${r.dof} axes`);
  if (n.minIp !== undefined && (r.ip_rating ?? 0) < n.minIp) out.push(`IP${r.ip_rating ?? '?'}`);
  if (n.cleanroomMax !== undefined && (r.cleanroom_iso_class === null || r.cleanroom_iso_class > n.cleanroomMax)) out.push(`cleanroom ${r.cleanroom_iso_class ?? '?'}`);
  if (n.foodGrade && r.food_grade !== true) out.push('not food-grade');
  return out;
}

/** An answer that says nothing in the catalog fits (English, German, Spanish). */
const NOTHING_FITS = /\b(no (catalog )?(robot|model)s?\b|no [\w -]{0,40}\b(robot|cobot|model)s?( \([^)]*\))? (meets?|fits?|in)\b|none of|nothing (in|fits)|not in our catalog|exceeds?|beyond|kein|keiner|ningún|ninguno)/i;
const LANGUAGE: Record<Need['lang'], RegExp> = {
  en: /\b(the|and|with|for|robots?)\b/i,
  de: /\b(und|für|mit|nicht|Reichweite|Traglast|Roboter)\b/,
  es: /\b(para|los|las|con|alcance|carga)\b/,
};

const label = (r: { manufacturer: string; model: string }) => `${r.manufacturer} ${r.model}`;

interface Surfaces {
  chat: { status: number; text: string; ids: string[] };
  search: { status: number; total: number; data: CatalogRobot[]; readAs?: string[] };
  matches: { status: number; all: Array<{ robot_id: string }>; fits: string[] };
}

/** The web project form's body: the description typed, every requirement left empty. */
const EMPTY_REQUIREMENTS = {
  application: null,
  industry: null,
  payload_kg: null,
  reach_mm: null,
  cycle_time_s: null,
  budget_usd: null,
  ip_rating_min: null,
  cleanroom_iso_class: null,
  food_grade: null,
  mounting: null,
};

/** Money as a supplier writes it, in any usual spelling ("€38,500", "38.500 €", "EUR 38,500"). */
function writtenPrice(amount: number, symbol: string, code: string): RegExp {
  const thousands = Math.floor(amount / 1000);
  const rest = String(amount % 1000).padStart(3, '0');
  const n = `${thousands}[,.\\u00a0\\u202f ]?${rest}`;
  return new RegExp(`(${symbol}\\s?${n}|${n}\\s?${symbol}|${code}\\s?${n}|${n}\\s?${code})`);
}

/** Dollar figures in a text ("$41,000", "41.000 US$", "USD 41000", "$41k"). */
function dollars(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/(?:\$|US\$|USD)\s?(\d{1,3}(?:[,.\u00a0]\d{3})+|\d+)(k\b)?|(\d{1,3}(?:[,.\u00a0]\d{3})+|\d+)\s?(?:US\$|USD|\$)/g)) {
    const n = Number((m[1] ?? m[3] ?? '').replace(/[,.\u00a0]/g, ''));
    out.push(m[2] ? n * 1000 : n);
  }
  return out;
}

const dump: Record<string, unknown> = {};

describe.each(testBackends)('outsider: one need, three surfaces, and a price for any robot (%s)', (backend) => {
  let handle: DbHandle;
  let app: Express;
  let buyerToken: string;
  /** The catalog as a buyer sees it on a fresh install, by id (the oracle). */
  const catalog = new Map<string, CatalogRobot>();
  const byName = new Map<string, CatalogRobot>();
  const surfaces = new Map<string, Promise<Surfaces>>();

  beforeAll(async () => {
    handle = await createTestDb(backend);
    await truncateAll(handle.db);
    await seedCatalog(handle.db);
    const config = testConfig({ chatRateLimit: 100_000 });
    app = createApp({ db: handle.db, dbKind: handle.kind, config, logger: createLogger('silent'), onAnswer: checkAnswer });
    buyerToken = (await registerUser(app, { user_type: 'customer', company_name: 'Surfaces Buyer GmbH' })).token;
    for (let page = 1; page <= 20; page += 1) {
      const res = await request(app).get('/api/robots').query({ limit: 100, page }).expect(200);
      for (const r of res.body.data as CatalogRobot[]) {
        catalog.set(r.id, r);
        byName.set(label(r), r);
      }
      if (res.body.data.length < 100) break;
    }
  });
  afterAll(async () => {
    await handle?.close();
    if (process.env.OUTSIDER_DUMP) writeFileSync(`${process.env.OUTSIDER_DUMP}.${backend}.json`, JSON.stringify(dump, null, 1));
  });

  const robot = (name: string): CatalogRobot => {
    const r = byName.get(name);
    if (!r) throw new Error(`${name} is not in the public catalog`);
    return r;
  };
  const name = (id: string) => (catalog.get(id) ? label(catalog.get(id) as CatalogRobot) : id);

  async function chat(message: string, before: string[] = [], token?: string) {
    const history: Array<{ role: 'user' | 'assistant'; content: string }> = [];
    for (const turn of before) {
      const req = request(app).post('/ai/chat');
      if (token) req.set(bearer(token));
      const res = await req.send({ message: turn, conversationHistory: history });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      history.push({ role: 'user', content: turn }, { role: 'assistant', content: String(res.body.response) });
    }
    const req = request(app).post('/ai/chat');
    if (token) req.set(bearer(token));
    const res = await req.send({ message, conversationHistory: history });
    const links = (res.body.metadata?.robotLinks ?? []) as Array<{ href: string }>;
    const ids = [...new Set(links.map((l) => l.href.replace(/^\/robots\//, '')))];
    return { status: res.status, text: String(res.body.response ?? ''), ids };
  }

  /** The search box as the web sends it: the text typed, page 1, 20 per page. */
  async function searchBox(q: string) {
    const res = await request(app).get('/api/robots').query({ page: 1, limit: 20, q });
    return { status: res.status, total: res.body.total as number, data: (res.body.data ?? []) as CatalogRobot[], readAs: res.body.interpretation?.read_as as string[] | undefined };
  }

  async function describedProject(description: string, token = buyerToken) {
    const created = await request(app)
      .post('/projects')
      .set(bearer(token))
      .send({ project_name: description.slice(0, 60), customer_company: null, status: 'Draft', description, requirements: EMPTY_REQUIREMENTS, shared_with_integrators: false });
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
    const res = await request(app).get(`/projects/${created.body.data.id}/matches`).set(bearer(token));
    type Match = { robot_id: string; reasons: Array<{ ok: boolean; kind: string }> };
    const all = (res.body.data ?? []) as Match[];
    const fits = all.filter((m) => m.reasons.every((x) => x.ok || x.kind === 'application' || x.kind === 'industry')).map((m) => m.robot_id);
    return { id: created.body.data.id as string, status: res.status, all, fits };
  }

  /** The three surfaces' answers to a need, asked once per backend. */
  function ask(n: Need): Promise<Surfaces> {
    let p = surfaces.get(n.id);
    if (!p) {
      p = (async () => {
        const [c, s, m] = [await chat(n.text), await searchBox(n.text), await describedProject(n.text)];
        return { chat: c, search: s, matches: m };
      })();
      surfaces.set(n.id, p);
    }
    return p;
  }

  // -------------------------------------------------------------------------------------------
  // 1. One need, three surfaces
  // -------------------------------------------------------------------------------------------
  describe('one need, three surfaces', () => {
    for (const n of needs) {
      const said = `"${n.text}"`;
      const none = () => ![...catalog.values()].some((r) => violations(n, r).length === 0);
      const borderline = () => !none() && ![...catalog.values()].some((r) => violations(n, r, { allowance: true }).length === 0);

      if (!n.conflict) {
        tcase(`bounds [${n.id}]: every robot the chat links, the search box lists and the project presents as fitting meets ${said}`, async () => {
          expect(none()).toBe(false);
          const s = await ask(n);
          expect({ chat: s.chat.status, search: s.search.status, matches: s.matches.status }).toEqual({ chat: 200, search: 200, matches: 200 });
          const bad = (ids: string[]) => ids.flatMap((id) => {
            const r = catalog.get(id);
            if (!r) return [`unknown robot ${id}`];
            const v = violations(n, r);
            return v.length ? [`${label(r)}: ${v.join(', ')}`] : [];
          });
          const got = {
            bad: { chat: bad(s.chat.ids), search: bad(s.search.data.map((r) => r.id)), matches: bad(s.matches.fits) },
            shows: { chat: s.chat.ids.length > 0, search: s.search.total > 0, matches: s.matches.fits.length > 0 },
            ...(n.lang === 'en' ? {} : { language: LANGUAGE[n.lang].test(s.chat.text) }),
          };
          dump[`${n.id}:bounds`] = { ...got, readAs: s.search.readAs, text: s.chat.text.slice(0, 300), fitting: [...catalog.values()].filter((r) => violations(n, r).length === 0).length };
          const shows = borderline() ? got.shows : { chat: true, search: true, matches: true };
          expect(got).toEqual({ bad: { chat: [], search: [], matches: [] }, shows, ...(n.lang === 'en' ? {} : { language: true }) });
        });

        tcase(`same robots first [${n.id}]: the chat, the search box and the project matches put the same 3 robots on top, in the same order, for ${said}`, async () => {
          const s = await ask(n);
          const tops = {
            chat: s.chat.ids.slice(0, 3).map(name),
            search: s.search.data.slice(0, 3).map((r) => label(r)),
            matches: s.matches.fits.slice(0, 3).map(name),
          };
          dump[`${n.id}:top3`] = tops;
          expect(tops.search.length).toBeGreaterThan(0);
          expect({ chat: tops.chat, matches: tops.matches }).toEqual({ chat: tops.search, matches: tops.search });
        });
      } else {
        tcase(`nothing fits [${n.id}]: ${said} is said to fit nothing (naming what rules it out), the search box lists nothing, the project presents nothing as fitting`, async () => {
          expect(none()).toBe(true);
          const s = await ask(n);
          const got = {
            status: { chat: s.chat.status, search: s.search.status, matches: s.matches.status },
            chatSaysNothingFits: NOTHING_FITS.test(s.chat.text),
            chatNamesTheConflict: n.conflict?.test(s.chat.text) ?? true,
            searchTotal: s.search.total,
            matchesPresentedAsFit: s.matches.fits.map(name),
            ...(n.lang === 'en' ? {} : { language: LANGUAGE[n.lang].test(s.chat.text) }),
          };
          dump[`${n.id}:nothing`] = { ...got, text: s.chat.text.slice(0, 400), readAs: s.search.readAs, first: s.search.data.slice(0, 3).map((r) => label(r)) };
          expect(got).toEqual({
            status: { chat: 200, search: 200, matches: 200 },
            chatSaysNothingFits: true,
            chatNamesTheConflict: true,
            searchTotal: 0,
            matchesPresentedAsFit: [],
            ...(n.lang === 'en' ? {} : { language: true }),
          });
        });

        tcase(`nearest robots [${n.id}]: for ${said} the chat shows the nearest robots, and they keep the type and environment asked for`, async () => {
          const s = await ask(n);
          const bad = s.chat.ids.flatMap((id) => {
            const r = catalog.get(id);
            const v = r ? violations(n, r, { figures: false }) : [`unknown robot ${id}`];
            return v.length ? [`${name(id)}: ${v.join(', ')}`] : [];
          });
          dump[`${n.id}:nearest`] = { links: s.chat.ids.map(name), bad };
          expect({ shown: s.chat.ids.length > 0, bad }).toEqual({ shown: true, bad: [] });
        });
      }
    }
  });

  // -------------------------------------------------------------------------------------------
  // 2. A price for any robot
  // -------------------------------------------------------------------------------------------
  describe('a price for any robot', () => {
    let supplier: { token: string };
    let integrator: { token: string };
    const eurOffer = { model: 'Kawasaki RS020N', price_min: 38500, price_max: 41000, currency: 'EUR' as const };
    const gbpOffer = { model: 'Epson G10-854S', price_min: 11900, price_max: 12900, currency: 'GBP' as const };

    beforeAll(async () => {
      supplier = await registerUser(app, { user_type: 'supplier', company_name: 'Rhein Robotics Handel' });
      integrator = await registerUser(app, { user_type: 'integrator', company_name: 'Cellwright Integration' });
      for (const o of [eurOffer, gbpOffer]) {
        await request(app)
          .post('/api/supplier/offers')
          .set(bearer(supplier.token))
          .send({ robot_id: robot(o.model).id, price_min: o.price_min, price_max: o.price_max, currency: o.currency, condition: 'new', lead_time_weeks: 5 })
          .expect(201);
      }
    });

    const openIds = async (token: string) =>
      ((await request(app).get('/api/quote-requests/open').set(bearer(token)).expect(200)).body.data as Array<{ id: string }>).map((r) => r.id);
    /** The request for quote the web's dialog sends (robot, quantity, timeline, notes, project when chosen). */
    const webQuoteRequest = (token: string, robotId: string, projectId?: string) =>
      request(app)
        .post('/api/quote-requests')
        .set(bearer(token))
        .send({ robot_id: robotId, quantity: 1, timeline: '1_3_months', notes: '', ...(projectId ? { project_id: projectId } : {}) });

    tcase('offer in EUR: "What does the Kawasaki RS020N cost?" names the offer\'s €38,500 as written, links the robot, and the search card shows the same', async () => {
      const id = robot(eurOffer.model).id;
      const a = await chat('What does the Kawasaki RS020N cost?');
      const card = (await searchBox('Kawasaki RS020N')).data.find((r) => r.id === id);
      dump['price:eur'] = { text: a.text.slice(0, 400), links: a.ids.map(name), card: card?.offers };
      expect({ linked: a.ids.includes(id), asWritten: writtenPrice(38500, '€', 'EUR').test(a.text) }).toEqual({ linked: true, asWritten: true });
      expect(card?.offers).toMatchObject({ count: 1, lowest_price: 38500, lowest_price_currency: 'EUR' });
    });

    tcase('offer in EUR, asked in Spanish: "¿Cuánto cuesta el Kawasaki RS020N?" names 38.500 € as written, in Spanish', async () => {
      const id = robot(eurOffer.model).id;
      const a = await chat('¿Cuánto cuesta el Kawasaki RS020N?');
      dump['price:eur-es'] = { text: a.text.slice(0, 400), links: a.ids.map(name) };
      expect({ linked: a.ids.includes(id), asWritten: writtenPrice(38500, '€', 'EUR').test(a.text), spanish: LANGUAGE.es.test(a.text) }).toEqual({ linked: true, asWritten: true, spanish: true });
    });

    tcase('offer in GBP: "how much is an Epson G10-854S?" names £11,900 as written and links the robot', async () => {
      const id = robot(gbpOffer.model).id;
      const a = await chat('how much is an Epson G10-854S?');
      dump['price:gbp'] = { text: a.text.slice(0, 400), links: a.ids.map(name) };
      expect({ linked: a.ids.includes(id), asWritten: writtenPrice(11900, '£', 'GBP').test(a.text) }).toEqual({ linked: true, asWritten: true });
    });

    tcase('plain-history follow-up: "and how much is it?" after "tell me about the Kawasaki RS020N" names the offer\'s €38,500', async () => {
      const id = robot(eurOffer.model).id;
      const a = await chat('and how much is it?', ['tell me about the Kawasaki RS020N']);
      dump['price:follow-up'] = { text: a.text.slice(0, 400), links: a.ids.map(name) };
      expect({ linked: a.ids.includes(id), asWritten: writtenPrice(38500, '€', 'EUR').test(a.text) }).toEqual({ linked: true, asWritten: true });
    });

    const typos = [
      { ask: 'how much is a Yaskwa GP-25?', typed: 'Yaskwa GP-25', model: 'Yaskawa GP25' },
      { ask: 'price for a Fanuk CRX 20iA L', typed: 'Fanuk CRX 20iA L', model: 'FANUC CRX-20iA/L' },
    ];
    for (const t of typos) {
      tcase(`model typed with typos: "${t.ask}" is the ${t.model} in the chat (linked, priced within its catalog band), and "${t.typed}" in the search box puts it first`, async () => {
        const r = robot(t.model);
        const a = await chat(t.ask);
        const s = await searchBox(t.typed);
        const figures = dollars(a.text);
        const got = {
          linked: a.ids.includes(r.id),
          pricedInBand: figures.length > 0 && figures.every((f) => f >= (r.price_min_usd ?? 0) && f <= (r.price_max_usd ?? Infinity)),
          searchFirst: s.data[0] ? label(s.data[0]) : 'nothing',
        };
        dump[`price:typo:${t.model}`] = { ...got, figures, text: a.text.slice(0, 300), links: a.ids.map(name), readAs: s.readAs };
        expect(got).toEqual({ linked: true, pricedInBand: true, searchFirst: t.model });
      });
    }

    tcase('a model nobody offers and with no published price ("How much is the Comau AURA?"): no invented figure, a quote is offered; the web\'s request becomes an open request a supplier and an integrator see', async () => {
      const aura = robot('Comau AURA');
      expect(aura.price_min_usd).toBeNull();
      const buyer = await registerUser(app, { user_type: 'customer', company_name: 'Heavy Cobots SA' });
      const a = await chat('How much is the Comau AURA?', [], buyer.token);
      const sent = await webQuoteRequest(buyer.token, aura.id);
      const id = sent.body.data?.id as string;
      const got = {
        chat: { linked: a.ids.includes(aura.id), figures: dollars(a.text), offersAQuote: /quote/i.test(a.text) },
        request: { status: sent.status, sent_to: sent.body.sent_to, state: sent.body.data?.status },
        openTo: { supplier: (await openIds(supplier.token)).includes(id), integrator: (await openIds(integrator.token)).includes(id) },
      };
      dump['price:no-price'] = { ...got, text: a.text.slice(0, 400), links: a.ids.map(name) };
      expect(got).toEqual({
        chat: { linked: true, figures: [], offersAQuote: true },
        request: { status: 201, sent_to: 0, state: 'open' },
        openTo: { supplier: true, integrator: true },
      });
    });

    tcase('a project described only in words ("food-grade, 4 kg portions, washdown, no FANUC"): a request on its first fitting match carries the 4 kg and food-grade to the integrator who sees it open', async () => {
      const buyer = await registerUser(app, { user_type: 'customer', company_name: 'Fresh Portions Ltd' });
      const words = 'Food-grade robot for 4 kg portions on a washdown line, no FANUC';
      const p = await describedProject(words, buyer.token);
      const first = p.fits[0];
      const sent = first ? await webQuoteRequest(buyer.token, first, p.id) : undefined;
      const open = ((await request(app).get('/api/quote-requests/open').set(bearer(integrator.token)).expect(200)).body.data as Array<{ id: string; requirements: Record<string, unknown> | null }>).find((r) => r.id === sent?.body.data?.id);
      const got = {
        firstFit: first ? name(first) : 'nothing',
        request: { status: sent?.status, sent_to: sent?.body.sent_to },
        integratorSeesIt: open !== undefined,
        carries: { payload_kg: open?.requirements?.payload_kg ?? null, food_grade: open?.requirements?.food_grade ?? null },
      };
      dump['rfq:described'] = { ...got, requirements: open?.requirements, fits: p.fits.slice(0, 3).map(name) };
      expect(got).toEqual({ firstFit: 'Doosan Robotics E0509', request: { status: 201, sent_to: 0 }, integratorSeesIt: true, carries: { payload_kg: 4, food_grade: true } });
    });
  });
});
