import { MAX_FOLLOW_UPS, MAX_SOURCES, MAX_SUGGESTED_ACTIONS, type ChatSource } from '@cellforge/contracts';
import { nextState } from '../understanding/conversation';
import { intentOfAbout } from '../understanding/intent';
import { answerComparison } from './comparison';
import { clampText } from './format';
import { answerGeneral } from './general';
import { answerRoi } from './roi';
import { answerAlternatives } from './alternatives';
import { answerRobotRank, answerRobotSpecs } from './robot-specs';
import { offerPricesOf } from './offer-prices';
import { answerRobotFit, answerSelection } from './selection';
import { answerTroubleshooting } from './troubleshooting';
import { answerUnknownModel, unknownModelsIn } from './unknown-model';
import type { AdvisorAnswer, AdvisorDeps, Draft, Understanding } from './types';
import { nth } from '../../../lib/invariants';

/** The built-in advisor: answers from the live catalog and the error-code knowledge base, without any network call. */
export async function runAdvisor(deps: AdvisorDeps, u: Understanding): Promise<AdvisorAnswer> {
  let draft: Draft;
  // A follow-up about robots in view, unless an alarm, ROI or comparison question took over.
  const about = u.about && intentOfAbout({ kind: u.about.kind, several: u.about.robots.length > 1 }) === u.intent ? u.about : undefined;
  switch (u.intent) {
    case 'robot_selection':
      if (about?.kind === 'alternatives') draft = await answerAlternatives(deps, u, about);
      else if (about?.kind === 'fit') draft = await answerRobotFit(deps, u, nth(about.robots, 0));
      else draft = await answerSelection(deps, u);
      break;
    case 'troubleshooting':
      draft = answerTroubleshooting(u);
      break;
    case 'comparison':
      if (about?.kind === 'rank') draft = answerRobotRank(u, about);
      else if (about?.kind === 'spec') draft = answerRobotSpecs(u, about, await offerPricesOf(deps.catalog, about.robots));
      else draft = await answerComparison(deps, u);
      break;
    case 'roi':
      draft = answerRoi(u);
      break;
    default: {
      if (about?.kind === 'spec') {
        draft = answerRobotSpecs(u, about, await offerPricesOf(deps.catalog, about.robots));
        break;
      }
      const unknown = u.models.length ? [] : await unknownModelsIn(deps.names, u.message);
      draft = unknown.length ? await answerUnknownModel(deps.names, u.message, unknown, u.language) : answerGeneral(u);
    }
  }
  return finalizeDraft(deps, u, draft);
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
    trace: { facts: u.facts, recommended: draft.recommended, named: draft.named, codes: draft.codes, unknownCodes: draft.unknownCodes, relaxed: draft.relaxed },
  };
}
