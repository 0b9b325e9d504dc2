import { describe, expect, it } from 'vitest';
import { isUniqueViolation, isUuid } from './db-values';

describe('isUuid', () => {
  it('accepts UUIDs only', () => {
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true);
    expect(isUuid('65DFA1E6-77FD-45DC-8E4C-C3ED6732E3AD')).toBe(true);
    expect(isUuid('-'.repeat(36))).toBe(false);
    expect(isUuid('abcdefabcdefabcdefabcdefabcdefabcdef')).toBe(false);
    expect(isUuid("1' or '1'='1")).toBe(false);
  });
});

describe('isUniqueViolation', () => {
  it('reads the code directly or from cause', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation({ cause: { code: '23505' } })).toBe(true);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
