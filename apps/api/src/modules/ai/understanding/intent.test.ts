import { describe, expect, it } from 'vitest';
import { extractFacts } from './facts';
import { classifyIntent, type Intent, type IntentSignals } from './intent';

function intentOf(
  text: string,
  extra: { modelCount?: number; previousIntent?: Intent; previousState?: string; page?: string; hasRoiData?: boolean; about?: IntentSignals['about'] } = {},
) {
  return classifyIntent({
    text,
    facts: extractFacts(text),
    modelCount: extra.modelCount ?? 0,
    page: extra.page,
    hasRoiData: extra.hasRoiData ?? false,
    hasPageRobot: false,
    previousIntent: extra.previousIntent,
    previousState: extra.previousState,
    about: extra.about,
  }).intent;
}

describe('classifyIntent', () => {
  it.each<[string, Intent]>([
    ['I need a robot for machine tending, parts weigh 8 kg', 'robot_selection'],
    ['Which cobot can handle 10 kg at 1300 mm?', 'robot_selection'],
    ['Help me choose a cobot for my factory', 'robot_selection'],
    ['I need a cobbot for 3kg', 'robot_selection'],
    ['a scarra for 2 kg parts please', 'robot_selection'],
    ['My Fanuc shows SRVO-062', 'troubleshooting'],
    ['The robot keeps stopping randomly during the cycle', 'troubleshooting'],
    ['our arm vibrates a lot at high speed', 'troubleshooting'],
    ['Compare UR10e vs CRX-10iA', 'comparison'],
    ["What's the difference between these two arms?", 'comparison'],
    ['What is the payback of a $150,000 cell?', 'roi'],
    ['Is a cobot worth it for a small shop?', 'roi'],
    ['hello', 'general'],
    ["What's the weather in Paris tomorrow?", 'general'],
    ['What is a cobot?', 'general'],
  ])('"%s" is %s', (text, intent) => {
    expect(intentOf(text)).toBe(intent);
  });

  it('a troubleshooting code wins over selection words', () => {
    expect(intentOf('I need help choosing what to do about SRVO-050 on my robot')).toBe('troubleshooting');
  });

  it('two named robots and "which is better" make a comparison', () => {
    expect(intentOf('UR5e or M0609, which is better?', { modelCount: 2 })).toBe('comparison');
  });

  it('continues the conversation topic for short follow-ups', () => {
    expect(intentOf('25 kg bags, 2.8 m', { previousIntent: 'robot_selection', previousState: 'gathering_info' })).toBe('robot_selection');
    expect(intentOf('how do I clear it?', { previousIntent: 'troubleshooting', previousState: 'solution_providing' })).toBe('troubleshooting');
    expect(intentOf('with the TM12', { previousIntent: 'comparison', previousState: 'gathering_info' })).toBe('comparison');
    expect(intentOf('thanks!', { previousIntent: 'robot_selection' })).toBe('general');
  });

  it('reads an open question on the ROI calculator as being about its figures', () => {
    expect(intentOf('Is this a good result?', { page: 'roi_calculator', hasRoiData: true })).toBe('roi');
    expect(intentOf('Is this a good result?')).toBe('general');
  });

  it('answers a follow-up about the robot in view instead of starting a search', () => {
    const spec = { kind: 'spec' as const, several: false };
    expect(intentOf('What payload can it carry?')).toBe('robot_selection');
    expect(intentOf('What payload can it carry?', { page: 'robot_detail', about: spec })).toBe('general');
    expect(intentOf('What payload can they carry?', { about: { kind: 'spec', several: true }, previousIntent: 'robot_selection' })).toBe('comparison');
    expect(intentOf('Which has the longest reach?', { page: 'compare', about: { kind: 'rank', several: true } })).toBe('comparison');
    expect(intentOf('Can it lift 25 kg?', { about: { kind: 'fit', several: false } })).toBe('robot_selection');
    expect(intentOf('Show me alternatives', { about: { kind: 'alternatives', several: false } })).toBe('robot_selection');
    // Alarms, ROI and explicit comparisons keep their own answers.
    expect(intentOf('its controller shows SRVO-062', { about: spec })).toBe('troubleshooting');
    expect(intentOf('how long until it pays back its price?', { about: spec })).toBe('roi');
  });

  it('reads questions about the calculator figures as ROI', () => {
    expect(intentOf("What's the NPV?", { page: 'roi_calculator', hasRoiData: true })).toBe('roi');
    expect(intentOf('What is my IRR?', { page: 'roi_calculator', hasRoiData: true })).toBe('roi');
    expect(intentOf('What is my payback?', { page: 'roi_calculator', hasRoiData: true })).toBe('roi');
  });
});
