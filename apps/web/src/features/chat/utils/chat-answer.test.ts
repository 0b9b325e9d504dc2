import { chatResponseSchema } from '@cellforge/contracts';
import { describe, expect, it } from 'vitest';
import { readChatAnswer } from './chat-answer';

describe('readChatAnswer', () => {
  it('reads a chat answer and cuts the lists to 3 follow-ups, 3 actions and 2 sources', () => {
    const answer = readChatAnswer({
      success: true,
      response: 'Here you go',
      error: null,
      user_authenticated: false,
      robot_data_included: true,
      timestamp: '2025-01-01T10:00:00.000Z',
      metadata: {
        followUpQuestions: ['q1', 'q2', 'q3', 'q4'],
        suggestedActions: ['a1', 'a2', 'a3', 'a4', ''],
        sources: [{ manufacturer: 'FANUC', title: 'R-30iB manual' }, { manufacturer: 'ABB' }, { manufacturer: 'KUKA' }, { title: 'no maker' }],
        conversationState: 'solution_providing',
        userIntent: 'robot_selection',
      },
    });
    expect(answer).not.toBeNull();
    expect(chatResponseSchema.parse(answer)).toEqual(answer);
    expect(answer?.metadata).toEqual({
      followUpQuestions: ['q1', 'q2', 'q3'],
      suggestedActions: ['a1', 'a2', 'a3'],
      sources: [{ manufacturer: 'FANUC', title: 'R-30iB manual' }, { manufacturer: 'ABB' }],
      conversationState: 'solution_providing',
      userIntent: 'robot_selection',
    });
  });

  it("keeps a comparison's compare-page link and the catalog link; drops links to anywhere else", () => {
    const base = { success: true, response: 'Side by side', user_authenticated: false, robot_data_included: true, timestamp: '2025-01-01T10:00:00.000Z' };
    const kept = readChatAnswer({ ...base, metadata: { followUpQuestions: [], suggestedActions: [], sources: [], compareHref: '/compare?ids=a1b2,c3d4', catalogHref: '/catalog?minPayload=5' } });
    expect(kept?.metadata).toMatchObject({ compareHref: '/compare?ids=a1b2,c3d4', catalogHref: '/catalog?minPayload=5' });
    expect(chatResponseSchema.parse(kept)).toEqual(kept);
    for (const compareHref of ['https://evil.example/compare?ids=a,b', '/compare?ids=a1b2', 'javascript:alert(1)', '/compare?ids=a,b&x=<script>']) {
      expect(readChatAnswer({ ...base, metadata: { compareHref } })?.metadata).not.toHaveProperty('compareHref');
    }
  });

  it('reads success false with its error, and refuses what is not a chat answer', () => {
    expect(readChatAnswer({ success: false, error: 'Model overloaded' })).toMatchObject({ success: false, error: 'Model overloaded' });
    expect(readChatAnswer({ success: false })).toMatchObject({ success: false, error: null });
    expect(readChatAnswer('<html>')).toBeNull();
    expect(readChatAnswer({ response: 'no success flag' })).toBeNull();
    expect(readChatAnswer({ success: true })).toBeNull();
  });
});
