import type { RobotRow } from '../../catalog';
import type { Facts } from '../understanding/facts';
import type { RobotQuestion } from '../understanding/robot-question';
import type { RobotAbout } from './types';

/** What decides which robots a follow-up is about. */
export interface SubjectInput {
  text: string;
  question: RobotQuestion;
  /** Facts of this message only. */
  current: Facts;
  /** Robots named in this message. */
  named: RobotRow[];
  /** Robots of context.robotModel (the home page keeps the model being discussed). */
  contextModels: RobotRow[];
  pageRobot?: RobotRow;
  compareRobots: RobotRow[];
  /** Robots of the assistant's last answer, in the order it named them. */
  assistantModels: RobotRow[];
  /** Robots the user named earlier. */
  historyModels: RobotRow[];
}

interface Subject {
  robots: RobotRow[];
  from: RobotAbout['from'];
  /** The message singles them out ("the first one", "the ABB one", or names them). */
  pointed: boolean;
}

const MAX_SUBJECT = 4;

/**
 * The robots a question points at, nearest first: robots the message names; "the first
 * one" / "the ABB one" in the list in view (compare page, else the last answer); the
 * compare page; the detail page's robot; the robots of the last answer; the model in the
 * client context; the robot the user named last.
 */
export function pickSubject(s: SubjectInput): Subject | undefined {
  const q = s.question;
  if (s.named.length) return { robots: s.named.slice(0, MAX_SUBJECT), from: 'message', pointed: true };

  const list = s.compareRobots.length ? s.compareRobots : s.assistantModels.filter((r) => r.id !== s.pageRobot?.id);
  const listFrom: RobotAbout['from'] = s.compareRobots.length ? 'compare_page' : 'conversation';
  if (q.ordinal !== undefined && list.length) {
    const r = q.ordinal < 0 ? list[list.length - 1] : list[q.ordinal];
    if (r) return { robots: [r], from: listFrom, pointed: true };
  }
  const makers = (s.current.manufacturers ?? []).map((m) => m.toLowerCase());
  if (!q.alternatives && makers.length && list.length) {
    const mine = list.filter((r) => makers.includes(r.manufacturer.toLowerCase()));
    if (mine.length) return { robots: mine.slice(0, MAX_SUBJECT), from: listFrom, pointed: true };
  }
  if (s.compareRobots.length) return { robots: s.compareRobots.slice(0, MAX_SUBJECT), from: 'compare_page', pointed: false };
  if (s.pageRobot) return { robots: [s.pageRobot], from: 'page', pointed: false };
  if (s.assistantModels.length) return { robots: s.assistantModels.slice(0, MAX_SUBJECT), from: 'conversation', pointed: false };
  if (s.contextModels.length) return { robots: s.contextModels.slice(0, 1), from: 'conversation', pointed: false };
  if (s.historyModels.length) return { robots: s.historyModels.slice(-1), from: 'conversation', pointed: false };
  return undefined;
}

/** "How do I reset the controller?" asks for a procedure, not for the robot's data. */
const PROCEDURE = /\b(how (?:do|can|should|would) (?:i|we|you)|how to|why)\b/i;

/**
 * Is the message a follow-up about robots already in view, and of which kind? A new
 * search ("I need a robot for welding 10 kg parts") never is; task facts without a
 * pointer ("it", "this one", "the first one") continue a search unless a page shows the
 * robot; a field question ("what payload can it carry?", "price?") is about the robots
 * in view.
 */
export function readAbout(s: SubjectInput): RobotAbout | undefined {
  const q = s.question;
  // On the compare page, "which robot should I pick for palletizing?" is about the robots on it.
  const newTask = q.newTask && !(s.compareRobots.length >= 2 && /\bwhich\b/i.test(s.text));
  if (newTask) return undefined;
  const c = s.current;
  // A cycle time alone is a question about speed (not a catalog figure), not a task to check.
  const taskFacts = [c.payloadKg, c.toolKg, c.reachMm, c.application, c.industry, c.budgetUsd].some((v) => v !== undefined);
  const fieldQuestion = (q.fields.length > 0 || q.overview || q.offers) && !q.concept && !PROCEDURE.test(s.text);
  const subject = pickSubject(s);
  // "What payload can it carry?" with no robot in view: ask which robot rather than start a search.
  if (!subject) return fieldQuestion && (q.deictic || q.offers) && !taskFacts ? { kind: 'spec', robots: [], from: 'message' } : undefined;
  const { robots, from } = subject;
  const several = robots.length > 1;
  const pointed = subject.pointed || q.deictic;
  const onPage = from === 'page' || from === 'compare_page';

  // "actually make it 35 kg": the need's figure corrected; the search runs again with it.
  if (q.correction && taskFacts && !subject.pointed && !onPage) return undefined;
  if (q.alternatives && (pointed || onPage || from === 'conversation')) return { kind: 'alternatives', robots, from };
  if (taskFacts || c.cycleTimeS !== undefined) {
    // "25 kg bags, 2.8 m" or "3 s cycle" in a conversation keeps refining the search.
    if (!pointed && !onPage) return undefined;
    if (!taskFacts) return { kind: 'spec', robots, from };
    return { kind: several ? 'compare' : 'fit', robots, from };
  }
  if (q.rank && several) return { kind: 'rank', robots, from };
  if (fieldQuestion) return { kind: 'spec', robots, from };
  return undefined;
}
