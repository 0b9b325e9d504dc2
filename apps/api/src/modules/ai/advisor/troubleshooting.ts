import { findKukaMessages, makerManual, translatedEntry, type ErrorCodeEntry } from '../knowledge/error-codes';
import { lookupCode, makersInText, type CodeMention } from '../understanding/codes';
import { robotName } from './format';
import { emptyDraft, type Draft, type Understanding } from './types';
import { messagesFor, type AnswerLanguage, type Messages } from './i18n';
import { findSymptom, symptomLines } from './symptoms';
import { nth } from '../../../lib/invariants';

/**
 * An entry in the language asked: the German or Spanish text when the entry is translated
 * (error-codes.de.json / .es.json), else the English with a line saying so. The title, KUKA
 * message text and UR sub-code texts are the maker's wording as the pendant shows it.
 */
function describeEntry(entry: ErrorCodeEntry, mention: CodeMention | undefined, t: Messages['alarm'], lang: AnswerLanguage): string[] {
  const lines: string[] = [];
  const tr = translatedEntry(entry, lang);
  const text = tr ?? entry;
  if (lang !== 'en' && !tr) lines.push(t.englishOnly(entry.maker));
  const sub = mention?.sub && entry.subcodes?.[mention.sub];
  const label = entry.maker === 'KUKA' ? t.kukaMessage(entry.title) : `${entry.maker} ${mention?.code ?? entry.code} (${entry.title})`;
  lines.push(`${label}: ${text.meaning}`);
  if (sub) lines.push(t.subCode(mention.sub ?? '', sub));
  lines.push(t.seenOn(text.controllers));
  const closing = [t.source(entry.source), ...(tr && t.makerWording ? [t.makerWording] : [])];
  if (entry.informational) {
    lines.push(t.informational, '', text.checks[0] ?? '', ...closing);
    return lines;
  }
  lines.push('', t.causes);
  for (const c of text.causes) lines.push(`- ${c}`);
  lines.push('', t.checks);
  for (const c of text.checks) lines.push(`- ${c}`);
  lines.push('', t.safety(text.safety), ...closing);
  return lines;
}

export function answerTroubleshooting(u: Understanding): Draft {
  const draft = emptyDraft();
  // Headings, questions and the entries' explanations in the language asked (English when an entry has no translation, and said).
  const lang = u.language ?? 'en';
  const t = messagesFor(lang).alarm;
  // Codes of this message first; a follow-up question keeps the code discussed before.
  const mentions = u.current.codes.length ? u.current.codes : u.facts.codes.slice(-1);
  const robot = u.models[0] ?? u.pageRobot ?? u.historyModels[0];
  const makerHint = robot?.manufacturer ?? u.facts.manufacturers?.[0] ?? makersInText(u.message)[0];

  const known: Array<{ entry: ErrorCodeEntry; mention?: CodeMention }> = [];
  const unknown: CodeMention[] = [];
  for (const m of mentions.slice(0, 2)) {
    const entry = lookupCode(m);
    if (entry) known.push({ entry, mention: m });
    else unknown.push(m);
  }
  // KUKA messages are quoted by their text.
  if (!mentions.length && (makerHint === 'KUKA' || /\bkuka\b/i.test(u.message))) {
    for (const entry of findKukaMessages(u.message).slice(0, 2)) known.push({ entry });
  }

  const lines: string[] = [];
  if (robot) lines.push(t.forYour(robotName(robot)), '');

  for (const { entry, mention } of known) {
    lines.push(...describeEntry(entry, mention, t, lang), '');
    draft.codes.push(entry);
  }

  for (const m of unknown) {
    // The code is unknown for the maker it was read under; it is never offered as another maker's code.
    const who = m.maker ?? makerHint;
    const code = who ? `${who} ${m.code}` : m.code;
    if (who) lines.push(t.unknown(m.code, who), t.displayed(m.code), t.unknownCheck(who, makerManual(who, m.code)));
    else lines.push(t.whichMaker(m.code), t.whichMakerQ);
    lines.push(t.pendant);
    lines.push('');
    draft.unknownCodes.push(code);
  }

  if (!known.length && !unknown.length) {
    const symptom = findSymptom(u.message);
    if (symptom) lines.push(...symptomLines(symptom, lang, makerHint));
    else lines.push(t.firstChecks, ...t.firstCheckList);
    // A maker the technician named is asked about by name (never a generic question that could be any maker's).
    lines.push('', makerHint ? t.askCodeOf(makerHint) : t.askCode);
    draft.text = lines.join('\n').trim();
    draft.askedForFacts = true;
    draft.followUps = [t.askCodeQ, t.whenQ, robot ? t.samePointQ : t.whichRobotQ];
    draft.actions = [t.writeDown, t.history];
    if (makerHint) draft.sources = [{ manufacturer: makerHint }];
    if (robot) draft.named.push(robot);
    return draft;
  }

  draft.text = lines.join('\n').trim();
  if (robot) draft.named.push(robot);
  draft.answered = known.length > 0 && unknown.length === 0;
  draft.askedForFacts = unknown.length > 0;
  const first = known[0]?.entry;
  if (unknown.length) {
    draft.followUps = [t.fullTextQ(nth(unknown, 0).code), t.whichRobotQ, t.whenQ];
    draft.actions = [t.photograph, t.history];
  } else if (first?.informational) {
    draft.followUps = [t.otherAlarmQ, t.doingQ, t.refuseQ];
    draft.actions = [t.realFaults];
  } else if (first) {
    draft.followUps = [first.maker === 'FANUC' || first.maker === 'ABB' ? t.axisQ : t.jointQ, t.causeQ, t.backQ];
    draft.actions = (translatedEntry(first, lang) ?? first).checks.slice(0, 3);
  }
  const makers = [...new Set([...known.map((k) => k.entry.maker), ...unknown.map((m) => m.maker ?? makerHint).filter((m): m is string => Boolean(m))])];
  draft.sources = makers.slice(0, 2).map((m) => {
    const entry = known.find((k) => k.entry.maker === m);
    return entry ? { manufacturer: m, title: `${m} alarm ${entry.mention?.code ?? entry.entry.code}: ${entry.entry.title}` } : { manufacturer: m };
  });
  return draft;
}
