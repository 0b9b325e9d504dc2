import { describe, expect, it } from 'vitest';
import { appendSuggestion, getInputSuggestions } from './input-suggestions';

const none = { userIntent: null, robotModel: null };

describe('getInputSuggestions (docs/product.md §3.5)', () => {
  it('shows nothing before text is typed', () => {
    expect(getInputSuggestions('', none)).toEqual([]);
    expect(getInputSuggestions('   \n ', none)).toEqual([]);
  });

  it('asks for the error code and when it appeared when troubleshooting and the text mentions error', () => {
    expect(getInputSuggestions('Error on axis', { userIntent: 'troubleshooting', robotModel: 'UR10e' })).toEqual([
      'What error code is displayed?',
      'When did this error first appear?',
      'Can you provide more details?',
    ]);
    // Not without the intent, and not without the word.
    expect(getInputSuggestions('error', { userIntent: null, robotModel: 'UR10e' })).toEqual([]);
    expect(getInputSuggestions('alarm on axis 3', { userIntent: 'troubleshooting', robotModel: 'UR10e' })).toEqual([
      'Can you provide more details?',
      'Do you need step-by-step instructions?',
    ]);
  });

  it('asks for the exact model number when the text mentions robot and no model is known', () => {
    expect(getInputSuggestions('robot', none)).toEqual(['What is the exact robot model number?']);
    expect(getInputSuggestions('my robot stops', none)).toEqual([
      'What is the exact robot model number?',
      'Can you provide more details?',
      'Do you need step-by-step instructions?',
    ]);
    expect(getInputSuggestions('Robot', { userIntent: null, robotModel: 'UR10e' })).toEqual([]);
    // Named in the text itself.
    expect(getInputSuggestions('robot UR10e', none)).toEqual(['Can you provide more details?', 'Do you need step-by-step instructions?']);
  });

  it('asks about the application and payload when selecting and the text mentions need or choose', () => {
    const selecting = { userIntent: 'robot_selection', robotModel: 'UR10e' };
    expect(getInputSuggestions('I need', selecting)).toEqual([
      'What application will the robot be used for?',
      'What payload capacity do you need?',
      'Can you provide more details?',
    ]);
    expect(getInputSuggestions('choose', selecting)).toEqual([
      'What application will the robot be used for?',
      'What payload capacity do you need?',
      'Can you provide more details?',
    ]);
    expect(getInputSuggestions('I need', { ...selecting, userIntent: 'troubleshooting' })).toEqual([
      'Can you provide more details?',
      'Do you need step-by-step instructions?',
    ]);
  });

  it('offers more details and step-by-step instructions only for text longer than 5 characters', () => {
    expect(getInputSuggestions('hello', none)).toEqual([]);
    expect(getInputSuggestions('hello!', none)).toEqual(['Can you provide more details?', 'Do you need step-by-step instructions?']);
  });

  it('keeps the rules in order and shows at most 3', () => {
    expect(getInputSuggestions('robot error', { userIntent: 'troubleshooting', robotModel: null })).toEqual([
      'What error code is displayed?',
      'When did this error first appear?',
      'What is the exact robot model number?',
    ]);
    expect(getInputSuggestions('which robot do I need?', { userIntent: 'robot_selection', robotModel: null })).toEqual([
      'What is the exact robot model number?',
      'What application will the robot be used for?',
      'What payload capacity do you need?',
    ]);
  });
});

describe('appendSuggestion', () => {
  it('fills an empty box and appends on a new line otherwise', () => {
    expect(appendSuggestion('', 'What error code is displayed?')).toBe('What error code is displayed?');
    expect(appendSuggestion('My robot stops  ', 'What error code is displayed?')).toBe('My robot stops\nWhat error code is displayed?');
  });
});
