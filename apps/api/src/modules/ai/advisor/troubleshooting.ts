import { findKukaMessages, makerManual, type ErrorCodeEntry } from '../knowledge/error-codes';
import { lookupCode, makersInText, type CodeMention } from '../understanding/codes';
import { robotName } from './format';
import { emptyDraft, type Draft, type Understanding } from './types';
import { messagesFor, type Messages } from './i18n';
import { nth } from '../../../lib/invariants';

interface Symptom {
  pattern: RegExp;
  title: string;
  checks: string[];
  codes: string;
}

/** Advice for common symptoms when no code is given yet. */
const symptoms: Symptom[] = [
  {
    pattern: /\b(collision|collided|crash(?:ed)?|hit (?:a|the)|bumped)\b/i,
    title: 'a collision stop',
    checks: ['Inspect the tool, arm, cables and fixtures for damage', 'Check that the payload (mass and centre of gravity) set in the controller matches the real tool and part', 'Resume at low speed and watch the point where it stopped'],
    codes: 'Typical codes: FANUC SRVO-050, ABB 50204, UR C157, Yaskawa 4315.',
  },
  {
    pattern: /\b(battery|batteries|lost (?:its )?(?:position|mastering|calibration|zero|home)|mastering|rev(?:olution)? counters?|out of calibration)\b/i,
    title: 'lost position data or a battery warning',
    checks: ['Check the encoder (pulsecoder/SMB) backup battery and replace it following the maker\'s procedure', 'Check whether the arm was moved while the controller was off', 'Verify the position against the calibration marks and re-master or update the revolution counters if needed'],
    codes: 'Typical codes: FANUC SRVO-065 / SRVO-062, ABB 38213 / 20032, Yaskawa 4312.',
  },
  {
    pattern: /\b(won'?t (?:move|start|run|jog|power|turn on)|doesn'?t (?:move|start|run)|can'?t (?:move|jog|start)|no servo power|servo power|e-?stop|emergency stop|stuck)\b/i,
    title: 'a robot that will not move',
    checks: ['Release every E-stop in the cell and reset the safety circuit (doors, light curtains)', 'Check the operating mode and, in manual mode, that the enabling/deadman switch is held', 'Read the active alarm list on the pendant: the first alarm usually names the cause'],
    codes: 'Typical codes: FANUC SRVO-001/002/007, ABB 10013 / 20010, KUKA "Active commands inhibited".',
  },
  {
    pattern: /\b(vibrat(?:es|ing|ion)|shak(?:es|ing)|jerky|oscillat|noise|noisy|grinding)\b/i,
    title: 'vibration or noise',
    checks: ['Check the robot base and riser bolts and the tool mounting', 'Check that payload settings match the real tool and part', 'Compare at lower speed: noise that follows one axis points to its gearbox or motor'],
    codes: 'Ask the maker\'s service for a vibration or gearbox check if it gets worse.',
  },
  {
    pattern: /\b(overheat(?:s|ing)?|too hot|temperature)\b/i,
    title: 'overheating',
    checks: ['Check the controller fans and filters', 'Check the duty cycle: long continuous moves at high acceleration heat motors', 'Check that the payload settings are right'],
    codes: 'Typical codes: FANUC SRVO-046 (OVC).',
  },
  {
    pattern: /\b(singularit(?:y|ies)|limit|out of reach|not reachable|unreachable)\b/i,
    title: 'a reach, limit or singularity stop',
    checks: ['Check the tool and user/work-object frames in use', 'Reteach the point away from joint limits', 'Use a joint move for segments near a wrist singularity'],
    codes: 'Typical codes: FANUC MOTN-017 / MOTN-018 / MOTN-023, ABB 50050 / 50026, UR C154.',
  },
];

function describeEntry(entry: ErrorCodeEntry, mention: CodeMention | undefined, t: Messages['alarm']): string[] {
  const lines: string[] = [];
  const sub = mention?.sub && entry.subcodes?.[mention.sub];
  const label = entry.maker === 'KUKA' ? t.kukaMessage(entry.title) : `${entry.maker} ${mention?.code ?? entry.code} (${entry.title})`;
  lines.push(`${label}: ${entry.meaning}`);
  if (sub) lines.push(t.subCode(mention.sub ?? '', sub));
  lines.push(t.seenOn(entry.controllers));
  if (entry.informational) {
    lines.push(t.informational, '', entry.checks[0] ?? '', t.source(entry.source));
    return lines;
  }
  lines.push('', t.causes);
  for (const c of entry.causes) lines.push(`- ${c}`);
  lines.push('', t.checks);
  for (const c of entry.checks) lines.push(`- ${c}`);
  lines.push('', t.safety(entry.safety), t.source(entry.source));
  return lines;
}

export function answerTroubleshooting(u: Understanding): Draft {
  const draft = emptyDraft();
  // Headings and questions in the language asked; the alarm knowledge keeps the makers' wording.
  const t = messagesFor(u.language).alarm;
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
    lines.push(...describeEntry(entry, mention, t), '');
    draft.codes.push(entry);
  }

  for (const m of unknown) {
    // The code is unknown for the maker it was read under; it is never offered as another maker's code.
    const who = m.maker ?? makerHint;
    const code = who ? `${who} ${m.code}` : m.code;
    if (who) lines.push(t.unknown(m.code, who), t.displayed(m.code), t.unknownCheck(who, makerManual(who)));
    else lines.push(t.whichMaker(m.code), t.whichMakerQ);
    lines.push(t.pendant);
    lines.push('');
    draft.unknownCodes.push(code);
  }

  if (!known.length && !unknown.length) {
    const symptom = symptoms.find((s) => s.pattern.test(u.message));
    if (symptom) {
      lines.push(`For ${symptom.title}, start with these checks:`);
      for (const c of symptom.checks) lines.push(`- ${c}`);
      lines.push('', symptom.codes);
    } else {
      lines.push(t.firstChecks, ...t.firstCheckList);
    }
    lines.push('', t.askCode);
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
    draft.actions = first.checks.slice(0, 3);
  }
  const makers = [...new Set([...known.map((k) => k.entry.maker), ...unknown.map((m) => m.maker ?? makerHint).filter((m): m is string => Boolean(m))])];
  draft.sources = makers.slice(0, 2).map((m) => {
    const entry = known.find((k) => k.entry.maker === m);
    return entry ? { manufacturer: m, title: `${m} alarm ${entry.mention?.code ?? entry.entry.code}: ${entry.entry.title}` } : { manufacturer: m };
  });
  return draft;
}
