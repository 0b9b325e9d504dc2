import type { RobotRow } from '../../catalog';
import { normalizeModel, unknownModelNames } from '../understanding/models';
import { manufacturerAliases } from '../understanding/vocabulary';
import { robotName, specLine } from './format';
import type { ModelNameIndex } from './model-index';
import { emptyDraft, type Draft } from './types';
import { messagesFor, type AnswerLanguage } from './i18n';
import { nth } from '../../../lib/invariants';

/**
 * Names in a message shaped like a maker's model ("UR50e", "Kawasaki RS999X", "KR 9999")
 * that match no catalog robot the reader may see. Families and shapes come from the
 * catalog's own model names; standards (ISO 10218), ratings (IP67), interfaces (RS485)
 * and controllers (R-30iB, KR C4) are not models.
 */
export async function unknownModelsIn(names: ModelNameIndex, text: string): Promise<string[]> {
  return unknownModelNames(text, await names.vocabulary());
}

/** A maker named right before the name ("the Kawasaki RS999X"). */
function makerBefore(message: string, name: string): string | undefined {
  const at = message.indexOf(name);
  if (at < 0) return undefined;
  const before = message.slice(Math.max(0, at - 30), at);
  let best: { maker: string; end: number } | undefined;
  for (const [maker, re] of manufacturerAliases) {
    for (const m of before.matchAll(new RegExp(re.source, `${re.flags.replace('g', '')}g`))) {
      const end = m.index + m[0].length;
      // Only the words between the maker and the name ("Kawasaki RS999X", "KUKA's KR 9999").
      if (/^['’]?s?\s*$/.test(before.slice(end)) && (!best || end > best.end)) best = { maker, end };
    }
  }
  return best?.maker;
}

/**
 * The makers a name that matched nothing belongs to: the maker written just before it,
 * else the makers named in the message whose catalog models share its family letters,
 * else every maker of that family ("UR50e": Universal Robots; "RS999X": Kawasaki and Epson).
 */
async function makersFor(names: ModelNameIndex, message: string, name: string): Promise<{ makers: string[]; stated?: string }> {
  const stated = makerBefore(message, name);
  if (stated) return { makers: [stated], stated };
  const family = await names.makersOf(name);
  const named = manufacturerAliases.filter(([, re]) => re.test(message)).map(([maker]) => maker);
  const both = family.filter((m) => named.includes(m));
  if (both.length) return { makers: both };
  if (family.length) return { makers: family };
  return { makers: [...new Set(named)] };
}

export interface UnknownModelNote {
  /** "The Universal Robots UR50e is not in our catalog, so I have no figures for it." and, when asked for, the closest models. */
  lines: string[];
  /** The closest catalog robots listed (linked by the answer). */
  named: RobotRow[];
  /** The maker the first name belongs to, when one is known. */
  maker?: string;
}

/**
 * The sentences that say which named models are not in the catalog, with the three closest
 * real models (the same maker first, then the nearest by name) when `withClosest`.
 */
export async function unknownModelNote(
  names: ModelNameIndex,
  message: string,
  unknown: string[],
  lang: AnswerLanguage = 'en',
  withClosest = true,
  /** false: the names are not repeated (Understanding.unknownModelsUnnamed). */
  echo = true,
): Promise<UnknownModelNote> {
  const t = messagesFor(lang).unknownModel;
  const lines: string[] = [];
  let first: { makers: string[]; stated?: string } | undefined;
  for (const name of unknown.slice(0, 3)) {
    const who = await makersFor(names, message, name);
    first ??= who;
    const maker = who.stated ?? (who.makers.length === 1 ? nth(who.makers, 0) : undefined);
    const shown = maker && !normalizeModel(name).startsWith(normalizeModel(maker)) ? `${maker} ${name}` : name;
    lines.push(echo ? t.notInCatalog(shown) : t.notInCatalogUnnamed);
    if (!echo) break;
  }
  const makers = first?.makers ?? [];
  const maker = first?.stated ?? (makers.length === 1 ? makers[0] : undefined);
  if (!withClosest) return { lines, named: [], ...(maker ? { maker } : {}) };
  const closest = await names.closest(nth(unknown, 0), makers);
  if (closest.length) {
    const oneMaker = maker && closest.every((r) => r.manufacturer === maker) ? maker : undefined;
    lines.push('', t.closest(oneMaker));
    for (const r of closest) lines.push(`- ${robotName(r)}: ${specLine(r)}`);
  }
  return { lines, named: closest, ...(maker ? { maker } : {}) };
}

/**
 * Issue 12: a name that looks like a model and matches nothing is "not in our catalog",
 * with the three closest real models; never figures for it.
 */
export async function answerUnknownModel(names: ModelNameIndex, message: string, unknown: string[], lang: AnswerLanguage = 'en', echo = true): Promise<Draft> {
  const draft = emptyDraft();
  const t = messagesFor(lang).unknownModel;
  const note = await unknownModelNote(names, message, unknown, lang, true, echo);
  draft.text = [...note.lines, '', t.advice].join('\n');
  draft.kept = [...note.lines];
  draft.keptKinds = ['unknown-model'];
  draft.named = note.named;
  draft.answered = true;
  draft.followUps = [...t.followUps];
  draft.actions = [...t.actions];
  if (note.maker) draft.sources = [{ manufacturer: note.maker }];
  return draft;
}
