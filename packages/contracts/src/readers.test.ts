import { describe, expect, it } from 'vitest';
import { readAuthAnswer, readErrorMessage, readToken, readUser } from './readers';

describe('readUser', () => {
  it('reads user', () => expect(readUser({ user: { id: '1', email: 'a@b.c' } })).toEqual({ id: '1', email: 'a@b.c' }));
  it('reads data.user', () => expect(readUser({ data: { user: { id: '2' } } })).toEqual({ id: '2' }));
  it('reads a top-level object with an id', () => expect(readUser({ id: '3', email: 'x@y.z' })).toEqual({ id: '3', email: 'x@y.z' }));
  it('returns null otherwise', () => {
    expect(readUser({ email: 'no-id@x.y' })).toBeNull();
    expect(readUser('nope')).toBeNull();
    expect(readUser(null)).toBeNull();
  });
});

describe('readToken', () => {
  it('reads token, tokens.accessToken, access_token in that order', () => {
    expect(readToken({ token: 't1', access_token: 't3' })).toBe('t1');
    expect(readToken({ tokens: { accessToken: 't2' } })).toBe('t2');
    expect(readToken({ access_token: 't3' })).toBe('t3');
    expect(readToken({})).toBeNull();
  });
});

describe('readAuthAnswer', () => {
  it('requires a user with an email', () => {
    expect(readAuthAnswer({ user: { id: '1' }, token: 't' })).toBeNull();
    expect(readAuthAnswer({ token: 't' })).toBeNull();
    expect(readAuthAnswer({ user: { id: '1', email: 'a@b.c' }, tokens: { accessToken: 'tk' } })).toEqual({
      user: { id: '1', email: 'a@b.c' },
      token: 'tk',
    });
  });
});

describe('readErrorMessage', () => {
  it('prefers message, then error', () => {
    expect(readErrorMessage({ message: 'm', error: 'e' })).toBe('m');
    expect(readErrorMessage({ error: 'e' })).toBe('e');
    expect(readErrorMessage({})).toBeNull();
  });
});
