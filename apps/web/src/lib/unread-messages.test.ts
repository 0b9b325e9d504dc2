import { unreadCountSchema } from '@cellforge/contracts';
import { describe, expect, it } from 'vitest';
import { readUnread } from './unread-messages';

describe('readUnread', () => {
  it('reads what the contract allows and refuses the rest', () => {
    for (const answer of [{ unread: 0 }, { unread: 7 }]) expect(readUnread(answer)).toBe(unreadCountSchema.parse(answer).unread);
    for (const bad of [null, {}, { unread: '3' }, { unread: -1 }, { unread: 1.5 }]) {
      expect(() => readUnread(bad)).toThrow('cannot read');
      expect(unreadCountSchema.safeParse(bad).success).toBe(false);
    }
  });
});
