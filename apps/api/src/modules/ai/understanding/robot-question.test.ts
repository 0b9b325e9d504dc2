import { describe, expect, it } from 'vitest';
import { readRobotQuestion, type RobotField } from './robot-question';

describe('readRobotQuestion', () => {
  it.each<[string, RobotField[]]>([
    ['What payload can it carry?', ['payload']],
    ['How much weight can this robot lift?', ['payload']],
    ["What's its reach?", ['reach']],
    ['How precise is this robot?', ['repeatability']],
    ['How many axes does that model have?', ['axes']],
    ['How much does it weigh?', ['weight']],
    ['How much does it cost?', ['price']],
    ['how much is an Epson G10-854S?', ['price']],
    ['How much for a UR10e?', ['price']],
    ['¿Cuánto cuesta el Kawasaki RS020N?', ['price']],
    ['¿Cuánto vale el UR10e?', ['price']],
    ['Was kostet der UR10e?', ['price']],
    ['Is it a cobot?', ['category']],
    ['What is it used for?', ['applications']],
    ['Which industries is it used in?', ['industries']],
    ['Who makes it?', ['maker']],
    ['Where do these figures come from?', ['source']],
    ['Can it be mounted on the ceiling?', ['mounting']],
    ['What IP rating does it have?', ['protection']],
    ['Is it washdown rated?', ['protection']],
    ['Which controller does this robot use?', ['controller']],
    ['How fast is it?', ['speed']],
  ])('"%s" asks about %j', (text, fields) => {
    expect(readRobotQuestion(text).fields).toEqual(fields);
  });

  it('finds pronouns and deictics that point at a robot in view', () => {
    for (const text of ['What payload can it carry?', 'its reach?', 'Is this robot any good?', 'How heavy is this one?', 'Does that model come in white?', 'What do they weigh?']) {
      expect(readRobotQuestion(text).deictic, text).toBe(true);
    }
    expect(readRobotQuestion('What is the payload of the UR10e?').deictic).toBe(false);
  });

  it('tells a new search from a question about the robot in view', () => {
    expect(readRobotQuestion('I need a robot for welding 10 kg parts').newTask).toBe(true);
    expect(readRobotQuestion('We are looking for a small 6-axis cobot for assembly').newTask).toBe(true);
    expect(readRobotQuestion('Which robot should I buy for palletizing?').newTask).toBe(true);
    expect(readRobotQuestion('Can you recommend a cobot for packaging?').newTask).toBe(true);
    expect(readRobotQuestion('What payload can it carry?').newTask).toBe(false);
    expect(readRobotQuestion('I would like a quote for this robot').newTask).toBe(false);
    expect(readRobotQuestion('I need another robot like this one').newTask).toBe(false);
  });

  it('reads superlatives over several robots', () => {
    expect(readRobotQuestion('Which has the longest reach?').rank).toEqual({ field: 'reach', want: 'max' });
    expect(readRobotQuestion('which one is cheapest?').rank).toEqual({ field: 'price', want: 'min' });
    expect(readRobotQuestion('Which is the lightest?').rank).toEqual({ field: 'weight', want: 'min' });
    expect(readRobotQuestion('Which one has the best repeatability?').rank).toEqual({ field: 'repeatability', want: 'min' });
    expect(readRobotQuestion('Which can carry the most?').rank).toEqual({ field: 'payload', want: 'max' });
    expect(readRobotQuestion('It has the longest reach I have seen').rank).toBeUndefined();
  });

  it('reads pointers into a list and requests for alternatives', () => {
    expect(readRobotQuestion("What's the reach of the second one?").ordinal).toBe(1);
    expect(readRobotQuestion('Tell me more about the first one').ordinal).toBe(0);
    expect(readRobotQuestion('and the last one?').ordinal).toBe(-1);
    expect(readRobotQuestion('Show me alternatives').alternatives).toBe(true);
    expect(readRobotQuestion('anything similar from KUKA?').alternatives).toBe(true);
  });

  it('leaves questions about a term to the FAQ', () => {
    expect(readRobotQuestion('What does repeatability mean?').concept).toBe(true);
    expect(readRobotQuestion('What is payload?').concept).toBe(true);
    expect(readRobotQuestion('What is the payload?').concept).toBe(false);
    expect(readRobotQuestion("What's its repeatability?").concept).toBe(false);
  });
});
