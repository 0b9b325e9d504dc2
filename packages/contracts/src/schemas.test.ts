import { describe, expect, it } from 'vitest';
import { chatRequestSchema, loginRequestSchema, profileUpdateSchema, registerRequestSchema, shouldIncludeRobotData } from './index';
import { bulkValidateRequestSchema } from './bulk-upload';
import { integratorSettingsSchema } from './integrator';

describe('registerRequestSchema', () => {
  const base = { email: ' Ada@Example.COM ', password: 'correct horse', first_name: 'Ada', last_name: 'Lovelace', user_type: 'customer' };
  it('normalises email and empties optional fields to null', () => {
    const parsed = registerRequestSchema.parse({ ...base, company_name: '  ' });
    expect(parsed.email).toBe('ada@example.com');
    expect(parsed.company_name).toBeNull();
  });
  it('names each bad field', () => {
    const result = registerRequestSchema.safeParse({ ...base, email: 'nope', password: 'short', user_type: 'admin' });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((i) => i.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['email', 'password', 'user_type']));
  });
});

describe('loginRequestSchema', () => {
  it('accepts a null required_user_type', () => {
    expect(loginRequestSchema.parse({ email: 'a@b.co', password: 'x', required_user_type: null }).required_user_type).toBeNull();
  });
});

describe('chatRequestSchema', () => {
  it('rejects a blank message and defaults the rest', () => {
    expect(chatRequestSchema.safeParse({ message: '   ' }).success).toBe(false);
    const parsed = chatRequestSchema.parse({ message: 'hi' });
    expect(parsed.conversationHistory).toEqual([]);
    expect(parsed.includeRobotData).toBe(false);
  });
});

describe('shouldIncludeRobotData', () => {
  it('is true on catalog, robot_detail and compare pages', () => {
    for (const page of ['catalog', 'robot_detail', 'compare']) expect(shouldIncludeRobotData(page, 'hello')).toBe(true);
  });
  it('is true when the message names a robot topic', () => {
    expect(shouldIncludeRobotData('homepage', 'What PAYLOAD do I need?')).toBe(true);
    expect(shouldIncludeRobotData('homepage', 'hello there')).toBe(false);
  });
  it.each(['Which ROBOT?', 'automation ideas', 'the spec sheet', 'can you recommend one', 'compare them', 'what PRICE', 'which manufacturer', 'how far can it reach'])(
    'is true for "%s" on any page',
    (message) => {
      for (const page of ['homepage', 'general', 'dashboard', undefined]) expect(shouldIncludeRobotData(page, message)).toBe(true);
    },
  );
});

describe('bulkValidateRequestSchema', () => {
  it('needs data or upload_id', () => {
    expect(bulkValidateRequestSchema.safeParse({ mappings: {} }).success).toBe(false);
    expect(bulkValidateRequestSchema.safeParse({ mappings: {}, upload_id: 'u1' }).success).toBe(true);
  });
});

describe('integratorSettingsSchema', () => {
  it('refuses script addresses as a registration or profile website, and takes a bare domain', () => {
    const base = { email: 'a@b.co', password: 'correct horse battery staple', first_name: 'A', last_name: 'B', user_type: 'integrator' };
    expect(registerRequestSchema.safeParse({ ...base, website: 'javascript:alert(document.domain)' }).success).toBe(false);
    expect(registerRequestSchema.safeParse({ ...base, website: 'data:text/html,<b>x</b>' }).success).toBe(false);
    expect(registerRequestSchema.parse({ ...base, website: 'example.com' }).website).toBe('example.com');
    expect(registerRequestSchema.parse({ ...base, website: 'https://example.com/a' }).website).toBe('https://example.com/a');
    expect(profileUpdateSchema.safeParse({ website: 'JavaScript:alert(1)' }).success).toBe(false);
  });

  it('checks the website is a web address', () => {
    expect(integratorSettingsSchema.safeParse({ company_name: 'A', phone: '+1 555', website: 'ftp://x', city: null }).success).toBe(false);
    expect(integratorSettingsSchema.safeParse({ company_name: 'A', phone: '+1 (555) 010-2000', website: 'https://a.io', city: 'Lyon' }).success).toBe(true);
  });
});
