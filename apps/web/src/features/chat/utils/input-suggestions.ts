import { MAX_INPUT_SUGGESTIONS } from '@cellforge/contracts/constants';
import { detectRobotModel } from './conversation';

/** docs/product.md §3.5: the suggestion lines shown above the input once text is typed. */
export const INPUT_SUGGESTIONS = {
  errorCode: 'What error code is displayed?',
  errorStart: 'When did this error first appear?',
  modelNumber: 'What is the exact robot model number?',
  application: 'What application will the robot be used for?',
  payload: 'What payload capacity do you need?',
  moreDetails: 'Can you provide more details?',
  stepByStep: 'Do you need step-by-step instructions?',
} as const;

export interface SuggestionContext {
  userIntent: string | null;
  robotModel: string | null;
}

/**
 * The rules, in the spec's order, cut to MAX_INPUT_SUGGESTIONS (3):
 * 1. intent troubleshooting and the text mentions "error": error code, first appearance;
 * 2. the text mentions "robot" and no robot model is known (from the conversation or
 *    this text): the exact model number;
 * 3. intent robot_selection and the text mentions "need" or "choose": application, payload;
 * 4. text longer than 5 characters: more details, step-by-step instructions.
 */
export function getInputSuggestions(input: string, context: SuggestionContext): string[] {
  const text = input.trim();
  if (!text) return [];
  const lower = text.toLowerCase();
  const list: string[] = [];
  if (context.userIntent === 'troubleshooting' && lower.includes('error')) {
    list.push(INPUT_SUGGESTIONS.errorCode, INPUT_SUGGESTIONS.errorStart);
  }
  // A model typed in this very text is known too.
  if (lower.includes('robot') && !context.robotModel && !detectRobotModel(text)) list.push(INPUT_SUGGESTIONS.modelNumber);
  if (context.userIntent === 'robot_selection' && (lower.includes('need') || lower.includes('choose'))) {
    list.push(INPUT_SUGGESTIONS.application, INPUT_SUGGESTIONS.payload);
  }
  if (text.length > 5) list.push(INPUT_SUGGESTIONS.moreDetails, INPUT_SUGGESTIONS.stepByStep);
  return list.slice(0, MAX_INPUT_SUGGESTIONS);
}

/** Clicking a suggestion: it fills an empty box, else goes on a new line after the text. */
export function appendSuggestion(input: string, suggestion: string): string {
  const text = input.trimEnd();
  return text ? `${text}\n${suggestion}` : suggestion;
}
