import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/** zxcvbn's score from 0 (guessed at once) to 4; below this a password is refused. */
export const MIN_PASSWORD_SCORE = 3;

let checker: ZxcvbnFactory | undefined;

/**
 * Why a password is too easy to guess, or null when it is strong enough. The
 * dictionaries (most used passwords, English words and names, keyboard patterns) ship
 * in npm, nothing is downloaded; they are loaded at the first check, not at start. The
 * account's own details (e-mail, names, company) count as guessable words.
 */
export async function weakPasswordReason(password: string, userInputs: Array<string | null | undefined>): Promise<string | null> {
  checker ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  const words = userInputs.flatMap((v) => (v ? v.toLowerCase().split(/[^a-z0-9]+/i).filter((w) => w.length >= 3) : []));
  const result = await checker.checkAsync(password, words);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const hint = result.feedback.warning || result.feedback.suggestions[0];
  return `This password is too easy to guess${hint ? ` (${hint.replace(/\.$/, '').toLowerCase()})` : ''}. Use a longer phrase of several unrelated words.`;
}
