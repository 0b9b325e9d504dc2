import { MAX_FOLLOW_UPS, MAX_SOURCES, MAX_SUGGESTED_ACTIONS, type ChatSource } from '@cellforge/contracts';
import { nextState } from '../understanding/conversation';
import { intentOfAbout } from '../understanding/intent';
import { answerComparison, robotsToCompare } from './comparison';
import { clampText } from './format';
import { answerGeneral } from './general';
import { answerRoi } from './roi';
import { answerAlternatives } from './alternatives';
import { answerRobotRank, answerRobotSpecs } from './robot-specs';
import { offerPricesOf } from './offer-prices';
import { answerOffers } from './offers-answer';
import { answerRobotFit, answerSelection } from './selection';
import { answerTroubleshooting } from './troubleshooting';
import { answerUnknownModel, unknownModelNote } from './unknown-model';
import type { AdvisorAnswer, AdvisorDeps, Draft, RobotAbout, Understanding } from './types';
import { nth } from '../../../lib/invariants';

/** The built-in advisor: answers from the live catalog and the error-code knowledge base, without any network call. */
export async function runAdvisor(deps: AdvisorDeps, u: Understanding): Promise<AdvisorAnswer> {
  // A follow-up about robots in view, unless an alarm, ROI or comparison question took over.
  const about = u.about && intentOfAbout({ kind: u.about.kind, several: u.about.robots.length > 1 }) === u.intent ? u.about : undefined;
  // A name shaped like a model that the catalog does not hold comes before definitions and requirement gathering (alarms and ROI keep theirs).
  const draft =
    u.unknownModels.length && u.intent !== 'troubleshooting' && u.intent !== 'roi'
      ? await answerWithUnknownModels(deps, u, about)
      : await answerByIntent(deps, u, about);
  return finalizeDraft(deps, u, draft);
}

async function answerByIntent(deps: AdvisorDeps, u: Understanding, about: RobotAbout | undefined): Promise<Draft> {
  switch (u.intent) {
    case 'robot_selection':
      if (about?.kind === 'alternatives') return answerAlternatives(deps, u, about);
      if (about?.kind === 'fit') return answerRobotFit(deps, u, nth(about.robots, 0));
      return answerSelection(deps, u);
    case 'troubleshooting':
      return answerTroubleshooting(u);
    case 'comparison':
      if (about?.kind === 'rank') return answerRobotRank(u, about);
      if (about?.kind === 'spec') return answerSpecsOrOffers(deps, u, about);
      return answerComparison(deps, u);
    case 'roi':
      return answerRoi(u);
    default:
      if (about?.kind === 'spec') return answerSpecsOrOffers(deps, u, about);
      return answerGeneral(u);
  }
}

/**
 * A question about robots in view: their offers and lead time (issue 13), else their catalog
 * fields. A question about the price alone is an offers question too when it is asked in German
 * or Spanish (the offers answer speaks the buyer's language, the field answer English only) or
 * when a robot has neither an offer nor a published price (say nobody offers it yet and that a
 * quote can be requested, rather than only "not published").
 */
async function answerSpecsOrOffers(deps: AdvisorDeps, u: Understanding, about: RobotAbout): Promise<Draft> {
  const offers = await offerPricesOf(deps.catalog, about.robots);
  if (!about.robots.length) return answerRobotSpecs(u, about, offers);
  const priceOnly = u.question.fields.length === 1 && u.question.fields[0] === 'price';
  const unpriced = about.robots.some((r) => !(offers.get(r.id)?.count ?? 0) && r.priceMinUsd == null && r.priceMaxUsd == null);
  const asOffers = u.question.offers || (priceOnly && ((u.language ?? 'en') !== 'en' || unpriced));
  return asOffers ? answerOffers(u, about, offers) : answerRobotSpecs(u, about, offers);
}

/** "Something like the UR50e for 20 kg boxes", "instead of the KR 9999": a task of its own, the model only a reference. */
const REFERENCE = /\b(?:like|similar to|instead of|replac\w*|alternatives? (?:to|for)|equivalent (?:to|of)|comparable to)\b/i;

/**
 * Issue 12: the message names a model the catalog does not hold. The answer says so first,
 * never with a figure for it; then the robots that are real get their answer (a comparison
 * or a price question about "the UR10e and the UR50e" answers for the UR10e), a task stated
 * with the model as a reference gets its shortlist, and otherwise the three closest real
 * models are offered.
 */
async function answerWithUnknownModels(deps: AdvisorDeps, u: Understanding, about: RobotAbout | undefined): Promise<Draft> {
  const known = u.models.length ? u.models : u.intent === 'comparison' && about ? about.robots : [];
  if (known.length) {
    const note = await unknownModelNote(deps.names, u.message, u.unknownModels, u.language, true, !u.unknownModelsUnnamed);
    // A comparison left with one real robot answers for that robot rather than asking for a second one.
    const draft =
      (u.intent === 'comparison' && robotsToCompare(u).length < 2) || u.intent === 'general'
        ? answerRobotSpecs(u, { kind: 'spec', robots: known, from: 'message' }, await offerPricesOf(deps.catalog, known))
        : await answerByIntent(deps, u, about);
    return withNote(draft, note.lines, note.named);
  }
  if (u.intent === 'robot_selection' && u.current.payloadKg !== undefined && (u.question.newTask || REFERENCE.test(u.message))) {
    const note = await unknownModelNote(deps.names, u.message, u.unknownModels, u.language, false, !u.unknownModelsUnnamed);
    return withNote(await answerSelection(deps, u), note.lines, []);
  }
  return answerUnknownModel(deps.names, u.message, u.unknownModels, u.language, !u.unknownModelsUnnamed);
}

function withNote(draft: Draft, lines: string[], named: Draft['named']): Draft {
  draft.text = [...lines, '', draft.text].join('\n');
  // The "not in our catalog" note (and the closest models) come first in any phrasing of the answer.
  draft.kept = [...lines, ...(draft.kept ?? [])];
  draft.keptKinds = ['unknown-model', ...(draft.keptKinds ?? [])];
  draft.named = [...draft.named, ...named.filter((r) => !draft.named.some((x) => x.id === r.id))];
  return draft;
}

/** At most two sources, each with a manufacturer; the configured default maker when the answer names none. */
export function clampSources(sources: ChatSource[], defaultManufacturer: string): ChatSource[] {
  const seen = new Set<string>();
  const out: ChatSource[] = [];
  for (const s of sources) {
    const manufacturer = s.manufacturer?.trim();
    if (!manufacturer || seen.has(manufacturer.toLowerCase())) continue;
    seen.add(manufacturer.toLowerCase());
    out.push({ ...s, manufacturer });
    if (out.length >= MAX_SOURCES) break;
  }
  return out.length ? out : [{ manufacturer: defaultManufacturer }];
}

export function finalizeDraft(deps: AdvisorDeps, u: Understanding, draft: Draft): AdvisorAnswer {
  const conversationState = nextState({
    intent: u.intent,
    facts: u.facts,
    answered: draft.answered,
    askedForFacts: draft.askedForFacts,
    turns: u.prior.turns,
    previousState: u.prior.previousState,
    smallTalk: Boolean(draft.smallTalk),
  });
  return {
    response: draft.text.trim(),
    followUpQuestions: clampText(draft.followUps, MAX_FOLLOW_UPS),
    suggestedActions: clampText(draft.actions, MAX_SUGGESTED_ACTIONS),
    sources: clampSources(draft.sources, deps.defaultManufacturer),
    conversationState,
    userIntent: u.intent,
    robotDataIncluded: draft.named.length > 0 || draft.recommended.length > 0,
    trace: {
      facts: u.facts,
      recommended: draft.recommended,
      named: draft.named,
      codes: draft.codes,
      unknownCodes: draft.unknownCodes,
      relaxed: draft.relaxed,
      kept: draft.kept ?? [],
      keptKinds: [...new Set(draft.keptKinds ?? [])],
    },
  };
}
