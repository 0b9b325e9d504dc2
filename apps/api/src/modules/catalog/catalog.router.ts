import { Router, type Request, type RequestHandler, type Response } from 'express';
import { constants as zlib, gzipSync } from 'node:zlib';
import { robotCompareQuerySchema, robotQuerySchema, type OfferListResponse, type Robot, type RobotListResponse, type RobotQuery, type SearchInterpretation } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { BackgroundWrites } from '../../lib/background-writes';
import { AppError, notFound } from '../../lib/errors';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';
import { toRobotDto } from './robot-dto';
import { findSimilarRobots } from './similar-robots';
import { RobotViewRecorder } from './robot-views';
import {
  countUnknownValues,
  hasEnvironmentFilter,
  findVisibleRobotById,
  findVisibleRobotsByIds,
} from './catalog.repository';
import type { CatalogSearch } from './catalog-search';
import { findOfferSummaries, listActiveOffersOn } from './offers.repository';
import type { SearchResult } from './catalog.repository';

/** A robot of a search answer with its offers' summary (null: nobody offers it). */
const withOffers = (row: SearchResult['rows'][number], result: SearchResult): Robot => ({ ...toRobotDto(row), offers: result.offers.get(row.id) ?? null });

/** A search answer: the page of robots with their offers, the facets, and how the words were read. */
const listAnswer = (result: SearchResult, query: RobotQuery, interpretation: SearchInterpretation | undefined): RobotListResponse => ({
  data: result.rows.map((r) => withOffers(r, result)),
  page: query.page,
  limit: query.limit,
  total: result.total,
  facets: result.facets,
  ...(interpretation ? { interpretation } : {}),
});

/**
 * A catalog parameter is given once (docs/decisions.md, "Array query parameters"): "q[]=a&q[]=b"
 * or "q=a&q=b" is refused with a 400 naming the parameter, instead of being dropped silently
 * (the bracket form used to be an unknown key) or guessed at. Several filter values go in one
 * parameter, separated by commas; several search words in one q.
 */
function refuseRepeatedParameters(query: Record<string, unknown>): void {
  const details: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (!key.includes('[') && !Array.isArray(value)) continue;
    const name = key.replace(/\[.*$/, '');
    details[key] = [`Give ${name} once: several values go in one parameter, separated by commas (${name}=a,b); several search words in one q`];
  }
  const keys = Object.keys(details);
  if (keys.length) throw new AppError('VALIDATION_FAILED', `${keys.join(', ')}: ${details[keys[0] ?? '']?.[0] ?? ''}`, details);
}

/** A remembered answer's JSON, and its gzip and their ETags once a client asked for them, per reading of the words. */
type Body = { json: string; gzip?: Buffer; etag?: string; gzipEtag?: string };

/** Express's ETag of a body ("etag fn" setting, weak by default), worked out once per remembered body. */
const etagOf = (req: Request, entity: string | Buffer): string | undefined => {
  const fn = req.app.get('etag fn') as ((body: string | Buffer, encoding?: string) => string) | undefined;
  return fn ? fn(entity, 'utf8') : undefined;
};

/**
 * Sends an answer, gzipped once and then from memory when the client takes gzip. Its ETag is
 * the one res.send would make (a 304 for a client that has it), made once per body; Vary is
 * said here as the compression middleware says it, since the early path below skips it.
 */
function sendBody(req: Request, res: Response, body: Body): void {
  res.type('application/json').vary('Accept-Encoding');
  if (body.json.length < 1024 || !req.acceptsEncodings('gzip')) {
    body.etag ??= etagOf(req, body.json);
    if (body.etag) res.set('ETag', body.etag);
    res.send(body.json);
    return;
  }
  // The fastest level: most answers are gzipped once, in the request, on the one thread
  // (a never-seen search); level 6 took 4x the CPU (0.6 vs 0.15 ms for 10 kB on this
  // machine under load) for 2-3 % fewer bytes.
  body.gzip ??= gzipSync(body.json, { level: zlib.Z_BEST_SPEED });
  body.gzipEtag ??= etagOf(req, body.gzip);
  if (body.gzipEtag) res.set('ETag', body.gzipEtag);
  res.set('Content-Encoding', 'gzip').send(body.gzip);
}

/**
 * The early path of a repeated catalog search (issue 19, session 13): GET /api/robots whose
 * whole answer this catalog version already made is sent before the body parser, the input
 * check, the API-key gate and the routers ahead of the catalog's (all of which the request
 * passed when the answer was made: the answer is a function of the query string and the
 * version). Anything else goes on: another path or method, a request with credentials (an
 * API key is checked and counted by the gate) or with a body, a query not remembered.
 * Mounted after the request log and the security headers, so both stay as they are.
 */
export function rememberedCatalogAnswers(catalog: CatalogSearch): RequestHandler {
  return function rememberedCatalogAnswer(req, res, next) {
    if (req.method !== 'GET' || req.headers.authorization !== undefined || req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) return next();
    const url = req.url;
    const at = url.indexOf('?');
    if ((at < 0 ? url : url.slice(0, at)) !== '/api/robots') return next();
    catalog.remembered<Body>(at < 0 ? '' : url.slice(at + 1)).then((body) => (body ? sendBody(req, res, body) : next()), next);
  };
}

/** The public catalog (docs/product.md §7.3). */
export function createCatalogRouter(deps: {
  db: Database;
  tokens: TokenService;
  catalog: CatalogSearch;
  /** Where the view-count writes run, so a stopping server waits for them (server.ts); a private tracker when not given. */
  background?: BackgroundWrites;
}): Router {
  const router = Router();
  const background = deps.background ?? new BackgroundWrites();
  const views = new RobotViewRecorder(deps.db, background);
  const optionalAuth = authenticate(deps.tokens, { required: false });

  // The search hands back the same result object for a query it remembers (per catalog
  // version), so its JSON is made once and dropped with it: one body per reading of the
  // words (the interpretation a search box query was given, or none).
  const bodies = new WeakMap<SearchResult, Map<string, Body>>();
  const bodyOf = (result: SearchResult, query: RobotQuery, interpretation: SearchInterpretation | undefined) => {
    let byReading = bodies.get(result);
    if (!byReading) bodies.set(result, (byReading = new Map<string, Body>()));
    const key = interpretation ? JSON.stringify(interpretation) : '';
    let body = byReading.get(key);
    if (body === undefined) {
      body = { json: JSON.stringify(listAnswer(result, query, interpretation)) };
      byReading.set(key, body);
    }
    return body;
  };
  /** The search's answer to a query string, as remembered by deps.catalog.answer(). */
  const answerSearch = async (params: Request['query']): Promise<Body> => {
    refuseRepeatedParameters(params);
    const asked = robotQuerySchema.parse(params);
    // Makers are read only when there are words to read them in.
    const { query, interpretation } = await deps.catalog.readWords(asked);
    let result = await deps.catalog.search(query);
    let searched = query;
    // Two parts of a reading give way when they alone empty a search whose constraints match
    // robots, each said in not_applied: words left over after the reading ("anything",
    // "turbine blades") that match no robot name, and an application read from the words
    // ("polishing ... 25 kg, 2 m") that no robot meeting the rest is listed for (as the chat
    // relaxes it), unless the budget is what rules its robots out. An application the visitor
    // chose in the panel stays a filter.
    if (interpretation && result.total === 0) {
      const dropText = interpretation.text !== null;
      const dropApplication = interpretation.filters.application !== undefined && asked.application === undefined;
      const tries: Array<{ text: boolean; application: boolean }> = [];
      if (dropText) tries.push({ text: true, application: false });
      if (dropApplication) tries.push({ text: false, application: true });
      if (dropText && dropApplication) tries.push({ text: true, application: true });
      // When the price bounds are what rule the application's robots out ("welding robot under
      // 30k"), the budget is the conflict: the application stays and nothing fits, as the chat says.
      const priced = query.minPrice !== undefined || query.maxPrice !== undefined;
      const budgetIsTheConflict = async (t: { text: boolean }) =>
        priced && (await deps.catalog.search({ ...query, ...(t.text ? { q: undefined } : {}), minPrice: undefined, maxPrice: undefined, limit: 1 })).total > 0;
      for (const t of tries) {
        if (t.application && (await budgetIsTheConflict(t))) continue;
        const wider: RobotQuery = { ...query, ...(t.text ? { q: undefined } : {}), ...(t.application ? { application: undefined } : {}) };
        const found = await deps.catalog.search(wider);
        if (found.total === 0) continue;
        result = found;
        searched = wider;
        if (t.text) {
          interpretation.not_applied.push(`"${interpretation.text}" matches no robot name, so it was left out`);
          interpretation.text = null;
        }
        if (t.application) {
          const apps = interpretation.filters.application ?? '';
          delete interpretation.filters.application;
          const phrase = interpretation.read_as.find((p) => p.startsWith('for ')) ?? `for ${apps.split(',').join(', ')}`;
          interpretation.read_as = interpretation.read_as.filter((p) => p !== phrase);
          interpretation.not_applied.push(`${phrase}: no robot that meets the rest is listed for it, so these meet the rest; check the application with the supplier`);
        }
        break;
      }
    }
    if (!hasEnvironmentFilter(searched)) return bodyOf(result, query, interpretation);
    // Robots an environment filter left out because their value is not published are counted, not hidden silently.
    const unknown = await countUnknownValues(deps.db, searched);
    if (!unknown.length) return bodyOf(result, query, interpretation);
    return { json: JSON.stringify({ ...listAnswer(result, query, interpretation), unknown_values: unknown } satisfies RobotListResponse) };
  };

  router.get('/robots', async (req, res) => {
    // The answer is a function of the query string and the catalog version (this route has no
    // reader: the public catalog), so a repeated request is answered from memory whole, with
    // its reading, fallbacks and unknown-values counts; only a query that parses is remembered.
    const at = req.url.indexOf('?');
    // The answer is kept with what makes it again after an edit (its query, not the request).
    const params = req.query;
    const body = await deps.catalog.answer(at < 0 ? '' : req.url.slice(at + 1), () => answerSearch(params));
    sendBody(req, res, body);
  });

  router.get('/robots/compare', async (req, res) => {
    const { ids } = robotCompareQuerySchema.parse(req.query);
    const rows = await findVisibleRobotsByIds({ db: deps.db }, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const found: typeof rows = [];
    const missing: string[] = [];
    for (const id of ids) {
      const robot = byId.get(id);
      if (robot) found.push(robot);
      else missing.push(id);
    }
    if (missing.length) throw notFound(`Robot ${missing.join(', ')}`);
    // Each robot's active offers beside its specs: a buyer comparing models compares what they would pay too.
    const offers = await findOfferSummaries(deps.db, found.map((r) => r.id));
    res.json({ data: found.map((r) => ({ ...toRobotDto(r), offers: offers.get(r.id) ?? null })) } satisfies { data: Robot[] });
  });

  router.get('/robots/:id', optionalAuth, async (req, res) => {
    const row = await findVisibleRobotById({ db: deps.db, viewerId: req.auth?.userId }, String(req.params.id));
    if (!row) throw notFound('Robot');
    // The view count is not part of the answer: written beside it, a failure only logged; a stopping server waits for it.
    views.record(row.id, req.auth?.userId ?? null, (err) => req.log?.warn({ err, robotId: row.id }, 'robot views not recorded'));
    res.json({ data: { ...toRobotDto(row), offers: (await findOfferSummaries(deps.db, [row.id])).get(row.id) ?? null } } satisfies { data: Robot });
  });

  /** The active offers on a robot the reader may see (the robot page's offers table). */
  router.get('/robots/:id/offers', optionalAuth, async (req, res) => {
    const row = await findVisibleRobotById({ db: deps.db, viewerId: req.auth?.userId }, String(req.params.id));
    if (!row) throw notFound('Robot');
    res.json({ data: await listActiveOffersOn(deps.db, row.id) } satisfies OfferListResponse);
  });

  router.get('/robots/:id/similar', optionalAuth, async (req, res) => {
    const row = await findVisibleRobotById({ db: deps.db, viewerId: req.auth?.userId }, String(req.params.id));
    if (!row) throw notFound('Robot');
    const similar = await findSimilarRobots({ db: deps.db }, row, { limit: 4, fillWithNearest: true });
    res.json({ data: similar.map(toRobotDto) } satisfies { data: Robot[] });
  });

  return router;
}
