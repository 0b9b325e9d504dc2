import { describe, expect, it } from 'vitest';
import type { UiChatMessage } from './chat-messages';
import { applyReply, detectApplication, detectRobotModel, initialConversation, learnFromMessage, toHistory } from './conversation';

const meta = (extra: Record<string, string> = {}) => ({ followUpQuestions: [], suggestedActions: [], sources: [], ...extra });

describe('conversation state (docs/product.md §5.2)', () => {
  it('starts at stage initial, gathering information', () => {
    expect(initialConversation).toEqual({ stage: 'initial', userIntent: null, robotModel: null, application: null, gatheringInfo: true });
  });

  it('takes the reply conversationState and userIntent when given', () => {
    const gathering = applyReply(initialConversation, meta({ conversationState: 'gathering_info', userIntent: 'robot_selection' }));
    expect(gathering).toMatchObject({ stage: 'gathering_info', userIntent: 'robot_selection', gatheringInfo: true });
    const solved = applyReply(gathering, meta({ conversationState: 'solution_providing' }));
    expect(solved).toMatchObject({ stage: 'solution_providing', userIntent: 'robot_selection', gatheringInfo: false });
  });

  it('keeps stage and intent when the reply gives none', () => {
    const solved = applyReply(initialConversation, meta({ conversationState: 'solution_providing', userIntent: 'troubleshooting' }));
    expect(applyReply(solved, meta())).toEqual(solved);
  });

  it('gatheringInfo is false only in solution_providing', () => {
    expect(applyReply(initialConversation, meta({ conversationState: 'initial' })).gatheringInfo).toBe(true);
    expect(applyReply(initialConversation, meta({ conversationState: 'gathering_info' })).gatheringInfo).toBe(true);
    expect(applyReply(initialConversation, meta({ conversationState: 'solution_providing' })).gatheringInfo).toBe(false);
  });
});

describe('what a message tells', () => {
  it.each([
    ['My UR10e stops', 'UR10e'],
    ['an ABB IRB 6700 on a track', 'IRB 6700'],
    ['FANUC M-20iD/25 alarm', 'M-20iD/25'],
    ['KUKA KR 210 R2700', 'KR 210 R2700'],
    ['LR Mate 200iD', 'LR Mate 200iD'],
    ['Yaskawa GP25', 'GP25'],
  ])('%s names %s', (text, model) => {
    expect(detectRobotModel(text)).toBe(model);
  });

  it('does not take an alarm code or a weight for a model', () => {
    expect(detectRobotModel('SRVO-062 BZAL alarm on my robot')).toBeNull();
    expect(detectRobotModel('a robot for 20 kg boxes')).toBeNull();
  });

  it('reads the application', () => {
    expect(detectApplication('palletizing 20 kg boxes')).toBe('palletizing');
    expect(detectApplication('MIG welding of frames')).toBe('welding');
    expect(detectApplication('hello')).toBeNull();
  });

  it('remembers the model and application once known', () => {
    const learned = learnFromMessage(initialConversation, 'My UR10e does palletizing');
    expect(learned).toMatchObject({ robotModel: 'UR10e', application: 'palletizing' });
    expect(learnFromMessage(learned, 'what next?')).toBe(learned);
  });
});

describe('toHistory', () => {
  const at = '2025-01-01T10:00:00.000Z';
  it('sends server turns with their metadata and leaves out local messages', () => {
    const messages: UiChatMessage[] = [
      { id: 'g', type: 'ai', content: 'Hi!', timestamp: at, local: true },
      { id: 'u1', type: 'user', content: 'I need a robot', timestamp: at },
      { id: 'a1', type: 'ai', content: 'What payload?', timestamp: at, conversationState: 'gathering_info', userIntent: 'robot_selection', followUpQuestions: ['x'] },
      { id: 'u2', type: 'user', content: '20 kg', timestamp: at },
      { id: 'e', type: 'ai', content: 'Request timed out.', timestamp: at, local: true, isError: true },
    ];
    expect(toHistory(messages)).toEqual([
      { role: 'user', content: 'I need a robot' },
      { role: 'assistant', content: 'What payload?', metadata: { conversationState: 'gathering_info', userIntent: 'robot_selection' } },
      { role: 'user', content: '20 kg' },
    ]);
  });

  it('keeps within the server limits (last 20 turns, 8,000 characters each)', () => {
    const many: UiChatMessage[] = Array.from({ length: 30 }, (_, i) => ({ id: String(i), type: 'user', content: `m${i}`, timestamp: at }));
    const history = toHistory(many);
    expect(history).toHaveLength(20);
    expect(history[0]?.content).toBe('m10');
    expect(toHistory([{ id: 'x', type: 'user', content: 'a'.repeat(9000), timestamp: at }])[0]?.content).toHaveLength(8000);
  });
});
