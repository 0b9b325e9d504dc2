import { Router, type Request } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import {
  answerQuoteRequestSchema,
  createQuoteRequestSchema,
  sendMessageSchema,
  sendQuoteSchema,
  threadListQuerySchema,
  type QuoteRequest,
  type QuoteRequestCreated,
  type QuoteRequestList,
  type ThreadDetailResponse,
  type ThreadList,
  type UnreadCount,
} from '@cellforge/contracts';
import { AppError } from '../../lib/errors';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';
import { requireAnyPermission, requirePermission } from '../../middleware/require-role';
import { signedIn } from '../../middleware/signed-in';
import type { QuoteRequestsService } from './quote-requests.service';
import type { ThreadsService } from './threads.service';

const id = (req: Request) => String(req.params.id);

/** /api/threads: a user's conversations (leads) with their messages and quotes. */
export function createThreadsRouter(deps: { threads: ThreadsService; tokens: TokenService }): Router {
  const router = Router();
  const { threads } = deps;
  router.use(authenticate(deps.tokens, { required: true }));

  router.get('/', signedIn(async (req, res, user) => {
    res.json((await threads.list(user.userId, threadListQuerySchema.parse(req.query))) satisfies ThreadList);
  }));
  router.get('/unread', signedIn(async (_req, res, user) => {
    res.json({ unread: await threads.unreadCount(user.userId) } satisfies UnreadCount);
  }));
  router.get('/:id', signedIn(async (req, res, user) => {
    res.json({ data: await threads.get(user.userId, id(req)) } satisfies ThreadDetailResponse);
  }));
  router.post('/:id/messages', signedIn(async (req, res, user) => {
    const { body } = sendMessageSchema.parse(req.body);
    res.status(201).json({ data: await threads.reply(user.userId, id(req), body) } satisfies ThreadDetailResponse);
  }));
  router.post('/:id/quotes', signedIn(async (req, res, user) => {
    const input = sendQuoteSchema.parse(req.body);
    res.status(201).json({ data: await threads.quote(user.userId, id(req), input) } satisfies ThreadDetailResponse);
  }));
  router.post('/:id/accept', signedIn(async (req, res, user) => {
    res.json({ data: await threads.answerQuote(user.userId, id(req), 'accepted') } satisfies ThreadDetailResponse);
  }));
  router.post('/:id/decline', signedIn(async (req, res, user) => {
    res.json({ data: await threads.answerQuote(user.userId, id(req), 'declined') } satisfies ThreadDetailResponse);
  }));
  router.post('/:id/close', signedIn(async (req, res, user) => {
    res.json({ data: await threads.close(user.userId, id(req)) } satisfies ThreadDetailResponse);
  }));
  return router;
}

/**
 * /api/quote-requests: a customer asks for a price on a catalog model (contact_suppliers);
 * suppliers and integrators see and answer the open ones.
 */
export function createQuoteRequestsRouter(deps: {
  quoteRequests: QuoteRequestsService;
  tokens: TokenService;
  /** Requests per customer per window (each reaches every seller of the model). */
  rateLimit: number;
  rateWindowMs: number;
  rateLimitStore: (prefix: string) => Store;
}): Router {
  const router = Router();
  const { quoteRequests } = deps;
  router.use(authenticate(deps.tokens, { required: true }));
  const perCustomer = rateLimit({
    windowMs: deps.rateWindowMs,
    limit: deps.rateLimit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // Only requests that were sent count: a form refused for its content creates nothing.
    skipFailedRequests: true,
    store: deps.rateLimitStore('quote-request'),
    keyGenerator: (req) => req.auth?.userId ?? ipKeyGenerator(req.ip ?? 'unknown'),
    handler: (_req, _res, next) => next(new AppError('RATE_LIMITED', 'You have sent many requests for quote in a short time. Please wait a while and try again.')),
  });
  const sellers = requireAnyPermission('view_leads', 'view_opportunities');

  router.post('/', requirePermission('contact_suppliers'), perCustomer, signedIn(async (req, res, user) => {
    const input = createQuoteRequestSchema.parse(req.body);
    res.status(201).json((await quoteRequests.create(user.userId, input)) satisfies QuoteRequestCreated);
  }));
  router.get('/', requirePermission('contact_suppliers'), signedIn(async (_req, res, user) => {
    res.json({ data: await quoteRequests.listMine(user.userId) } satisfies QuoteRequestList);
  }));
  router.get('/open', sellers, signedIn(async (_req, res, user) => {
    res.json({ data: await quoteRequests.listOpen(user.userId) } satisfies QuoteRequestList);
  }));
  router.post('/:id/answers', sellers, signedIn(async (req, res, user) => {
    const input = answerQuoteRequestSchema.parse(req.body);
    res.status(201).json({ data: await quoteRequests.answer(user.userId, id(req), input) } satisfies ThreadDetailResponse);
  }));
  router.post('/:id/close', requirePermission('contact_suppliers'), signedIn(async (req, res, user) => {
    res.json({ data: await quoteRequests.close(user.userId, id(req)) } satisfies { data: QuoteRequest });
  }));
  return router;
}
