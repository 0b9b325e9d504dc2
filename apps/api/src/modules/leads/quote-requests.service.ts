import type { AnswerQuoteRequest, CreateQuoteRequest, QuoteRequest, QuoteRequestCreated, SharedRequirements, ThreadDetail } from '@cellforge/contracts';
import { normalizeRobotKey, type Database } from '@cellforge/db';
import { AppError, notFound } from '../../lib/errors';
import { findOfferRow, findSellersOfModel, findVisibleRobotById } from '../catalog';
import type { ProjectsService } from '../projects';
import { insertLead } from './leads.repository';
import {
  findPendingRequest,
  findQuoteRequestDto,
  findQuoteRequestRow,
  insertRequestWithThreads,
  listOpenQuoteRequests,
  listQuoteRequestsOf,
  requestKnownToSeller,
  setQuoteRequestStatus,
} from './quote-requests.repository';
import { findRequestThread } from './threads.repository';
import { assertQuoteDate, type ThreadEvent, type ThreadsService } from './threads.service';

export type QuoteRequestsService = ReturnType<typeof createQuoteRequestsService>;

const REQUIREMENT_KEYS = [
  'application',
  'payload_kg',
  'reach_mm',
  'cycle_time_s',
  'budget_usd',
  'industry',
  'ip_rating_min',
  'cleanroom_iso_class',
  'food_grade',
  'mounting',
  'washdown',
  'makers',
  'excluded_makers',
] as const;

/**
 * The project's requirements a seller needs to quote (a copy: later edits do not change a sent
 * request): the figures, the environment and the makers, as the project's matches read them.
 */
function sharedRequirements(requirements: Record<string, unknown>): SharedRequirements | null {
  const out: Record<string, unknown> = {};
  for (const key of REQUIREMENT_KEYS) {
    const value = requirements[key];
    const kept =
      typeof value === 'number'
        ? Number.isFinite(value)
        : typeof value === 'string'
          ? value.trim() !== ''
          : typeof value === 'boolean'
            ? value
            : Array.isArray(value) && value.length > 0;
    if (kept) out[key] = value;
  }
  return Object.keys(out).length ? (out) : null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Requests for quote on any catalog model a customer can see. Sent to every supplier who
 * lists the model (one conversation each); when nobody does, the request is open and
 * every supplier and integrator sees it and may answer it.
 */
export function createQuoteRequestsService(deps: {
  db: Database;
  projects: ProjectsService;
  threads: ThreadsService;
  notify?: (event: ThreadEvent) => void;
}) {
  const { db } = deps;
  const notify = deps.notify ?? (() => {});

  return {
    async create(customerId: string, input: CreateQuoteRequest): Promise<QuoteRequestCreated> {
      const robot = await findVisibleRobotById({ db, viewerId: customerId }, input.robot_id);
      if (!robot || robot.status !== 'active') throw notFound('Robot');
      const project = input.project_id ? await deps.projects.ownProject(customerId, input.project_id) : undefined;
      const modelKey = normalizeRobotKey(robot.manufacturer, robot.model);
      const pending = await findPendingRequest(db, { customerId, modelKey, projectId: project?.id ?? null });
      if (pending) {
        throw new AppError(
          'CONFLICT',
          `You already asked for a price on the ${robot.manufacturer} ${robot.model}${project ? ` for ${project.projectName}` : ''}. Its answers are in your messages.`,
        );
      }
      let sellers: Array<{ sellerId: string; robotId: string }>;
      if (input.offer_id) {
        // One supplier's offer: it must be an active offer on this robot.
        const offer = await findOfferRow(db, input.offer_id);
        if (!offer || offer.robotId !== robot.id || offer.status !== 'active') throw notFound('Offer');
        sellers = [{ sellerId: offer.supplierId, robotId: offer.robotId }];
      } else {
        sellers = await findSellersOfModel(db, modelKey);
      }
      sellers = sellers.filter((s) => s.sellerId !== customerId);
      const row = await insertRequestWithThreads(
        db,
        {
          customerId,
          robotId: robot.id,
          modelKey,
          manufacturer: robot.manufacturer,
          model: robot.model,
          projectId: project?.id ?? null,
          projectName: project?.projectName ?? null,
          requirements: project ? sharedRequirements(await deps.projects.statedRequirements(project)) : null,
          quantity: input.quantity,
          timeline: input.timeline,
          notes: input.notes,
        },
        sellers,
      );
      for (const seller of sellers) {
        notify({
          threadId: row.id,
          recipientId: seller.sellerId,
          authorName: 'A customer',
          robot: `${robot.manufacturer} ${robot.model}`,
          kind: 'request',
          text: `${plural(input.quantity, 'robot', 'robots')}. ${input.notes}`.trim(),
        });
      }
      const data = await findQuoteRequestDto(db, row.id);
      if (!data) throw notFound('Quote request');
      return {
        data,
        sent_to: sellers.length,
        message: sellers.length
          ? `Request sent to ${plural(sellers.length, 'supplier', 'suppliers')} of the ${robot.manufacturer} ${robot.model}. Their answers and quotes will appear in your messages.`
          : `No supplier lists the ${robot.manufacturer} ${robot.model} yet, so your request is open to every supplier and integrator on CellForge. Their answers and quotes will appear in your messages.`,
      };
    },

    listMine(customerId: string): Promise<QuoteRequest[]> {
      return listQuoteRequestsOf(db, customerId);
    },

    /** Open requests a seller (supplier or integrator) may answer. */
    listOpen(sellerId: string): Promise<QuoteRequest[]> {
      return listOpenQuoteRequests(db, sellerId);
    },

    /**
     * A seller answers an open request: a conversation with the customer, starting with the
     * request's notes and the seller's message (and quote). Answering twice continues the
     * same conversation.
     */
    async answer(sellerId: string, requestId: string, input: AnswerQuoteRequest): Promise<ThreadDetail> {
      const request = await findQuoteRequestRow(db, requestId);
      // A request the seller may never see is unknown (404); one they could see but the customer
      // closed (withdrawn, or a quote accepted) is a conflict they are told about (409).
      if (!request || !(await requestKnownToSeller(db, request, sellerId))) throw notFound('Quote request');
      if (request.status === 'closed') {
        throw new AppError('CONFLICT', `The customer closed this request for the ${request.manufacturer} ${request.model}: it takes no new answers.`);
      }
      if (request.status !== 'open') throw notFound('Quote request');
      if (input.quote) assertQuoteDate(input.quote.valid_until);
      let thread = await findRequestThread(db, request.id, sellerId);
      if (!thread) {
        thread = await insertLead(db, {
          kind: 'quote_request',
          quoteRequestId: request.id,
          robotId: request.robotId,
          projectId: request.projectId,
          fromUserId: request.customerId,
          toUserId: sellerId,
          message: request.notes,
          createdAt: request.createdAt,
          lastMessageAt: request.createdAt,
          fromReadAt: request.createdAt,
        });
      }
      // Each step answers the conversation as it stands (read by its author): the last one is the answer.
      const replied = await deps.threads.reply(sellerId, thread.id, input.message);
      return input.quote ? deps.threads.quote(sellerId, thread.id, input.quote) : replied;
    },

    /** The customer withdraws a request: no new answers (conversations already started go on). */
    async close(customerId: string, requestId: string): Promise<QuoteRequest> {
      const request = await findQuoteRequestRow(db, requestId);
      if (!request || request.customerId !== customerId) throw notFound('Quote request');
      await setQuoteRequestStatus(db, request.id, 'closed');
      const data = await findQuoteRequestDto(db, request.id);
      if (!data) throw notFound('Quote request');
      return data;
    },
  };
}
