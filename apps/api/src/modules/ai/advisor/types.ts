import type { AnswerLanguage } from './i18n';
import type { ChatSource, Role } from '@cellforge/contracts';
import type { CatalogReader, RobotRow } from '../../catalog';
import type { ErrorCodeEntry } from '../knowledge/error-codes';
import type { ModelNameIndex } from './model-index';
import type { ConversationState, PriorTurns, RobotLimits } from '../understanding/conversation';
import type { Facts } from '../understanding/facts';
import type { Intent } from '../understanding/intent';
import type { RobotQuestion } from '../understanding/robot-question';

/** Everything the assistant understood from the message, the conversation and the page. */
export interface Understanding {
  message: string;
  intent: Intent;
  greeting: boolean;
  offTopic: boolean;
  prior: PriorTurns;
  /** Facts of the whole conversation (later values win), page filters included. */
  facts: Facts;
  /** Facts of this message only. */
  current: Facts;
  limits: RobotLimits;
  /** Human-readable catalog filters that were applied. */
  filtersUsed: string[];
  /** Catalog robots this message names (in order). */
  models: RobotRow[];
  /** Names in this message shaped like a maker's model that match no catalog robot ("UR50e", "KR 9999"). */
  unknownModels: string[];
  /**
   * The unknown names are bare product codes of a price or spec question ("ZR-4477"), which may be
   * another user's private robot: the answer says "the model you asked about", never repeats the code.
   */
  unknownModelsUnnamed?: boolean;
  /** Robots named earlier by the user, and in the assistant's last answer. */
  historyModels: RobotRow[];
  assistantModels: RobotRow[];
  /** The robot of the robot detail page (context.robotId). */
  pageRobot?: RobotRow;
  /** The robots of the compare page (context.robotIds), in the page's order. */
  compareRobots: RobotRow[];
  /** What the message asks about a robot (fields, alternatives, "which has the most..."). */
  question: RobotQuestion;
  /** The message is a follow-up about robots already in view (page or conversation). */
  about?: RobotAbout;
  page?: string;
  roiData?: Record<string, unknown>;
  role?: Role;
  authenticated: boolean;
  /** The language to answer in: the question's (the dominant one when mixed), else the conversation's; English by default. */
  language?: AnswerLanguage;
}

/**
 * A follow-up about robots in view: `spec` (their catalog fields), `fit` (does it meet
 * the task just stated), `alternatives` (similar robots), `rank` ("which has the longest
 * reach?") and `compare` (several robots against a stated task).
 */
export interface RobotAbout {
  kind: 'spec' | 'fit' | 'alternatives' | 'rank' | 'compare';
  robots: RobotRow[];
  /** Where the robots come from: named in the message, the detail page, the compare page, the conversation. */
  from: 'message' | 'page' | 'compare_page' | 'conversation';
}

/** An answer before limits and defaults are applied. */
export interface Draft {
  text: string;
  followUps: string[];
  actions: string[];
  sources: ChatSource[];
  /** The intent was answered (recommendations, a known code, a comparison, ROI figures). */
  answered: boolean;
  /** The answer asks the user for facts it still needs. */
  askedForFacts: boolean;
  /** Greeting or off-topic: the conversation stage does not move. */
  smallTalk?: boolean;
  /** Catalog robots the answer recommends (selection) or names. */
  recommended: RobotRow[];
  named: RobotRow[];
  codes: ErrorCodeEntry[];
  unknownCodes: string[];
  /** Selection preferences dropped because nothing met them. */
  relaxed: string[];
  /**
   * Deterministic statements a model's phrasing may neither drop nor contradict: a model name
   * "not in our catalog" with the closest real models, "nothing in our catalog fits" with the
   * constraint that rules everything out and the nearest robots (issue 12). Empty when none.
   */
  kept?: string[];
  keptKinds?: KeptKind[];
}

export interface AdvisorAnswer {
  response: string;
  followUpQuestions: string[];
  suggestedActions: string[];
  sources: ChatSource[];
  conversationState: ConversationState;
  userIntent: Intent;
  robotDataIncluded: boolean;
  /** For evaluation and the model provider: what the answer is based on. */
  trace: {
    facts: Facts;
    recommended: RobotRow[];
    named: RobotRow[];
    codes: ErrorCodeEntry[];
    unknownCodes: string[];
    relaxed: string[];
    /** The draft's `kept` statements, and what they say (for the model's phrasing to keep them). */
    kept: string[];
    keptKinds: KeptKind[];
  };
}

/** What a kept statement says: the model's sentences that contradict it are dropped. */
export type KeptKind = 'unknown-model' | 'nothing-fits' | 'relaxed';

export interface AdvisorDeps {
  /** The catalog as the asking user may see it. */
  catalog: CatalogReader;
  names: ModelNameIndex;
  defaultManufacturer: string;
}

export const emptyDraft = (): Draft => ({
  text: '',
  followUps: [],
  actions: [],
  sources: [],
  answered: false,
  askedForFacts: false,
  recommended: [],
  named: [],
  codes: [],
  unknownCodes: [],
  relaxed: [],
});
