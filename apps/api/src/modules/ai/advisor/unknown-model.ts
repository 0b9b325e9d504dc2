import type { RobotRow } from '../../catalog';
import { normalizeModel } from '../understanding/models';
import { manufacturerAliases } from '../understanding/vocabulary';
import { robotName, specLine } from './format';
import { findNamedRobots } from './mentions';
import type { ModelNameIndex } from './model-index';
import { emptyDraft, type Draft } from './types';
import { messagesFor, type AnswerLanguage } from './i18n';
import { nth } from '../../../lib/invariants';

/**
 * Model-like names in a message that match no catalog robot ("FANUC M-9000iZ"). Only when
 * the message names no real robot: a typo next to a real model is left to the usual reading.
 */
export async function unknownModelsIn(names: ModelNameIndex, text: string): Promise<string[]> {
  // Said of a robot by its maker ("the FANUC M-9000iZ"): standards (ISO 10218), ratings (IP67)
  // and controllers (R-30iB, KR C4) are not robot models.
  if (!manufacturerAliases.some(([, re]) => re.test(text))) return [];
  const found = await findNamedRobots(names, text);
  if (found.known.length) return [];
  return found.unknown.filter((name) => !CONTROLLERS.test(name) && !/^(iso|ip|ts|en|iec|ul)\b/i.test(name));
}

const CONTROLLERS = /^(r-?30i|r-?j3|irc ?5|omnicore|kr ?c ?\d|krc\d|dx ?\d|yrc|fs ?100|cs ?[789]|cb ?\d|e-?series|rc ?\d|rc700|rc90)/i;

/** Catalog robots whose model shares the longest start with the unknown name, of the maker named if any. */
async function closestModels(names: ModelNameIndex, unknown: string, maker: string | undefined): Promise<RobotRow[]> {
  const key = normalizeModel(unknown);
  const prefixes = Array.from({ length: Math.max(0, key.length - 2) }, (_, i) => key.slice(0, key.length - 1 - i));
  // One look-up for every prefix, longest first.
  const { prefix: found } = await names.resolve([], prefixes);
  for (const prefix of prefixes) {
    const rows = (found.get(prefix) ?? []).filter((r) => !maker || r.manufacturer.toLowerCase() === maker.toLowerCase());
    if (rows.length) return [...new Map(rows.map((r) => [r.id, r])).values()].slice(0, 3);
  }
  return [];
}

/**
 * Issue 12: a name that looks like a model and matches nothing is "not in our catalog",
 * with the closest real models; never figures for it.
 */
export async function answerUnknownModel(names: ModelNameIndex, message: string, unknown: string[], lang: AnswerLanguage = 'en'): Promise<Draft> {
  const draft = emptyDraft();
  const t = messagesFor(lang).unknownModel;
  const maker = manufacturerAliases.find(([, re]) => re.test(message))?.[0];
  const name = nth(unknown, 0);
  const shown = maker && !name.toLowerCase().startsWith(maker.toLowerCase()) ? `${maker} ${name}` : name;
  const closest = await closestModels(names, name, maker);
  const lines = [t.notInCatalog(shown)];
  if (closest.length) {
    lines.push('', t.closest(maker));
    for (const r of closest) lines.push(`- ${robotName(r)}: ${specLine(r)}`);
    draft.named = closest;
  }
  lines.push('', t.advice);
  draft.text = lines.join('\n');
  draft.answered = true;
  draft.followUps = [...t.followUps];
  draft.actions = [...t.actions];
  if (maker) draft.sources = [{ manufacturer: maker }];
  return draft;
}
