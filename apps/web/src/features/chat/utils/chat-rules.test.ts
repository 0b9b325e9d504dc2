import * as contracts from '@cellforge/contracts';
import { describe, expect, it } from 'vitest';
import * as rules from './chat-rules';

describe('chat rules mirror @cellforge/contracts', () => {
  it('has the same limits', () => {
    expect(rules.CHAT_TIMEOUT_MS).toBe(contracts.CHAT_TIMEOUT_MS);
    expect(rules.CHAT_TIMEOUT_MS).toBe(30_000);
    expect(rules.MAX_FOLLOW_UPS).toBe(contracts.MAX_FOLLOW_UPS);
    expect(rules.MAX_SUGGESTED_ACTIONS).toBe(contracts.MAX_SUGGESTED_ACTIONS);
    expect(rules.MAX_SOURCES).toBe(contracts.MAX_SOURCES);
    expect(rules.MAX_INPUT_SUGGESTIONS).toBe(contracts.MAX_INPUT_SUGGESTIONS);
  });

  it('decides includeRobotData like shouldIncludeRobotData for every page and spec word', () => {
    const pages = [...contracts.chatPages, undefined];
    const messages = [
      'hello there',
      'Which ROBOT?',
      'automation ideas',
      'the spec sheet',
      'can you recommend one',
      'compare them',
      'what PRICE',
      'which manufacturer',
      'payload of 8 kg',
      'how far can it reach',
      'thanks!',
    ];
    for (const page of pages) {
      for (const message of messages) {
        expect(rules.shouldIncludeRobotData(page, message), `${page}: ${message}`).toBe(contracts.shouldIncludeRobotData(page, message));
      }
    }
    expect(rules.shouldIncludeRobotData('homepage', 'hello there')).toBe(false);
    expect(rules.shouldIncludeRobotData('catalog', 'hello there')).toBe(true);
    expect(rules.shouldIncludeRobotData('robot_detail', 'hello there')).toBe(true);
    expect(rules.shouldIncludeRobotData('compare', 'hello there')).toBe(true);
    expect(rules.shouldIncludeRobotData('homepage', 'the payload')).toBe(true);
  });
});
