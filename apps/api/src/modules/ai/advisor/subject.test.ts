import { describe, expect, it } from 'vitest';
import type { RobotRow } from '../../catalog';
import { extractFacts } from '../understanding/facts';
import { readRobotQuestion } from '../understanding/robot-question';
import { readAbout, type SubjectInput } from './subject';

const robot = (id: string, manufacturer: string, model: string): RobotRow => ({
  id,
  manufacturer,
  model,
  category: 'collaborative',
  payloadKg: 10,
  reachMm: 1300,
  dof: 6,
  repeatabilityMm: null,
  weightKg: null,
  priceMinUsd: null,
  priceMaxUsd: null,
  applications: [],
  industries: [],
  description: '',
  datasheetSource: null,
  ipRating: null,
  cleanroomIsoClass: null,
  foodGrade: null,
  mounting: null,
  maxSpeedMmS: null,
  environmentSource: null,
  makerCountry: null,
  status: 'active',
  ownerId: null,
  listed: true,
  normalizedKey: `${manufacturer}|${model}`.toLowerCase(),
  searchText: `${manufacturer} ${model}`.toLowerCase(),
  compactText: `${manufacturer}${model}`.toLowerCase().replace(/[^a-z0-9]/g, ''),
  createdAt: new Date(0),
  updatedAt: new Date(0),
  contributedBy: null,
});

const ur10e = robot('1', 'Universal Robots', 'UR10e');
const m1013 = robot('2', 'Doosan Robotics', 'M1013');
const cz10 = robot('3', 'Nachi', 'CZ10');
const crx = robot('4', 'FANUC', 'CRX-10iA/L');

function about(text: string, view: Partial<SubjectInput> = {}) {
  return readAbout({
    text,
    question: readRobotQuestion(text),
    current: extractFacts(text),
    named: [],
    contextModels: [],
    compareRobots: [],
    assistantModels: [],
    historyModels: [],
    ...view,
  });
}

const ids = (a: ReturnType<typeof about>) => a?.robots.map((r) => r.model);

describe('readAbout: follow-ups about robots in view', () => {
  it('reads a field question on a robot page as about that robot', () => {
    expect(about('What payload can it carry?', { pageRobot: ur10e })).toMatchObject({ kind: 'spec', from: 'page', robots: [ur10e] });
    expect(about('price?', { pageRobot: ur10e })).toMatchObject({ kind: 'spec', robots: [ur10e] });
    expect(about('Can it lift 25 kg?', { pageRobot: ur10e })).toMatchObject({ kind: 'fit', robots: [ur10e] });
    expect(about('Is it good for palletizing?', { pageRobot: ur10e })).toMatchObject({ kind: 'fit' });
    expect(about('Show me alternatives', { pageRobot: ur10e })).toMatchObject({ kind: 'alternatives', robots: [ur10e] });
  });

  it('leaves a new search on a robot page to the selection', () => {
    expect(about('I need a robot for welding 10 kg parts', { pageRobot: ur10e })).toBeUndefined();
    expect(about('What does repeatability mean?', { pageRobot: ur10e })).toBeUndefined();
    expect(about('How do I reset the controller?', { pageRobot: ur10e })).toBeUndefined();
  });

  it('ranks the robots of the compare page', () => {
    expect(about('Which has the longest reach?', { compareRobots: [ur10e, crx] })).toMatchObject({ kind: 'rank', from: 'compare_page' });
    expect(about('which robot should I pick for 8 kg parts?', { compareRobots: [ur10e, crx] })).toMatchObject({ kind: 'compare', robots: [ur10e, crx] });
  });

  it('points into the robots of the last answer', () => {
    const view = { assistantModels: [m1013, cz10, crx] };
    expect(ids(about("What's the reach of the second one?", view))).toEqual(['CZ10']);
    expect(ids(about('Is the FANUC one good for palletizing?', view))).toEqual(['CRX-10iA/L']);
    expect(about('Is the FANUC one good for palletizing?', view)?.kind).toBe('fit');
    expect(about('What payload can they carry?', view)).toMatchObject({ kind: 'spec', from: 'conversation', robots: [m1013, cz10, crx] });
    expect(about('Which of them is cheapest?', view)?.kind).toBe('rank');
  });

  it('keeps new task facts without a pointer in the search', () => {
    expect(about('what about 12 kg parts with 1.5 m reach?', { assistantModels: [m1013, cz10, crx] })).toBeUndefined();
    // ...unless a page shows the robot: then they are checked against it.
    expect(about('12 kg parts at 1.5 m', { pageRobot: ur10e })?.kind).toBe('fit');
  });

  it('prefers robots the message names, and asks which robot when none is in view', () => {
    expect(about('What is the reach of the UR10e?', { named: [ur10e], pageRobot: crx })).toMatchObject({ kind: 'spec', from: 'message', robots: [ur10e] });
    expect(about('What payload can it carry?')).toMatchObject({ kind: 'spec', robots: [] });
    expect(about('I need a robot')).toBeUndefined();
  });
});
