import type { ChatHistoryEntry, ChatResponse } from '@cellforge/contracts';
import type { UiChatMessage } from './chat-messages';

/** docs/product.md §5.2: what the home chat knows about the conversation so far. */
export interface ConversationState {
  stage: string;
  userIntent: string | null;
  robotModel: string | null;
  application: string | null;
  /** False only when the stage is solution_providing. */
  gatheringInfo: boolean;
}

export const initialConversation: ConversationState = {
  stage: 'initial',
  userIntent: null,
  robotModel: null,
  application: null,
  gatheringInfo: true,
};

/**
 * After an AI reply: stage becomes the reply's conversationState when one is given,
 * userIntent is updated when one is given, gatheringInfo is false only when the stage
 * is solution_providing.
 */
export function applyReply(state: ConversationState, metadata: ChatResponse['metadata']): ConversationState {
  const stage = metadata.conversationState || state.stage;
  return {
    ...state,
    stage,
    userIntent: metadata.userIntent || state.userIntent,
    gatheringInfo: stage !== 'solution_providing',
  };
}

// Model designations of the major makers' arms (UR10e, IRB 6700, KR 210, M-20iD/25,
// LR Mate 200iD, CRX-10iA, GP25, TM12, CR-35iA, RS007N, Lite 6...). Deliberately narrow:
// a wrong guess would hide the "exact model number" suggestion.
const MODEL_PATTERNS: readonly RegExp[] = [
  /\bUR\s?(?:3|5|7|8|10|12|15|16|18|20|30)e?\b/i,
  /\bIRB\s?\d{3,5}[A-Z]?\b/i,
  /\bGoFa\b|\bSWIFTI\b|\bYuMi\b/i,
  /\bKR\s?\d{1,4}(?:\s?R\d{3,4})?\b/i,
  /\bLBR\s?iiwa\b/i,
  /\bLR\s?Mate\s?\d{3}i[A-Z]?\b/i,
  /\b(?:M|R|CRX|CR|ARC\s?Mate|SR|P)-\d{1,4}i[A-Z]{0,2}(?:\/\d{1,4}[A-Z]?)?\b/i,
  /\b(?:GP|HC|AR|MH|MPL|SG)\d{1,4}[A-Z]?\b/,
  /\bTM\s?\d{1,2}[SX]?\b/,
  /\b(?:RS|BX|CX|RA)\d{3}[A-Z]\b/,
  /\bTX2?-?\d{2,3}\b|\bTS2?-?\d{2,3}\b/,
];

/** The robot model a message names, if it names one the patterns know. */
export function detectRobotModel(text: string): string | null {
  for (const pattern of MODEL_PATTERNS) {
    const match = pattern.exec(text);
    if (match) return match[0].trim();
  }
  return null;
}

const APPLICATIONS: ReadonlyArray<readonly [string, RegExp]> = [
  ['palletizing', /\b(?:de)?palleti[sz](?:e|es|ed|ing)\b|\bpallets?\b/i],
  ['welding', /\bweld(?:s|ed|ing)?\b/i],
  ['machine tending', /\bmachine\s?tending\b|\bcnc\b/i],
  ['pick and place', /\bpick(?:\s|-)?(?:and|&|n)(?:\s|-)?place\b|\bbin\s?picking\b/i],
  ['packaging', /\bpack(?:ing|aging)\b/i],
  ['assembly', /\bassembl(?:y|ing|e)\b/i],
  ['painting', /\bpaint(?:ing)?\b|\bcoating\b/i],
  ['dispensing', /\bdispens(?:e|ing)\b|\bglu(?:e|ing)\b/i],
  ['inspection', /\binspect(?:ion|ing)?\b/i],
  ['material handling', /\bmaterial\s?handling\b/i],
];

/** The application a message names (catalog wording), if any. */
export function detectApplication(text: string): string | null {
  return APPLICATIONS.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

/** What a user's message tells about the robot model and the application (kept once known). */
export function learnFromMessage(state: ConversationState, text: string): ConversationState {
  const robotModel = detectRobotModel(text) ?? state.robotModel;
  const application = detectApplication(text) ?? state.application;
  if (robotModel === state.robotModel && application === state.application) return state;
  return { ...state, robotModel, application };
}

/** Server limits (chatHistoryEntrySchema): 50 entries, 8,000 characters each. */
const MAX_HISTORY = 20;
const MAX_CONTENT = 8000;

/**
 * The conversation as the server reads it: user and assistant turns made by the
 * server, oldest first; greetings and error replies made by the client are left out.
 */
export function toHistory(messages: readonly UiChatMessage[]): ChatHistoryEntry[] {
  return messages
    .filter((message) => !message.local)
    .slice(-MAX_HISTORY)
    .map((message) => {
      const entry: ChatHistoryEntry = {
        role: message.type === 'user' ? 'user' : 'assistant',
        content: message.content.slice(0, MAX_CONTENT),
      };
      if (message.type === 'ai' && (message.conversationState || message.userIntent)) {
        entry.metadata = {
          ...(message.conversationState ? { conversationState: message.conversationState } : {}),
          ...(message.userIntent ? { userIntent: message.userIntent } : {}),
        };
      }
      return entry;
    });
}
