import { describe, expect, it } from 'vitest';
import { defined } from '../../test/defined';
import { retryAt } from './dispatcher';
import { createSecretBox, newSigningSecret, secretBoxKey } from './secret-box';
import { isPrivateAddress } from './url-guard';

const ID = '7d1c2c1e-5b1a-4f0e-9c55-0e0f2a8b9d11';
const OTHER = '0b9f4a77-3f5e-4c1b-8f0a-6d2e9c1b7a22';

describe('webhook signing secrets at rest', () => {
  it('opens only with the same key and the same endpoint id, and never stores the secret in clear', () => {
    const jwtSecret = 'Zq8v-Lm3x_Rt7p.Wk2n+Hd5s!Yc9b#Fg4j';
    const box = createSecretBox(secretBoxKey({ jwtSecret }));
    const secret = newSigningSecret();
    const sealed = box.seal(secret, ID);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(secret.slice(6));
    expect(box.seal(secret, ID)).not.toBe(sealed); // a fresh IV each time
    expect(box.open(sealed, ID)).toBe(secret);
    // Copied to another endpoint's row, altered, or read under another key: it does not open.
    expect(box.open(sealed, OTHER)).toBeNull();
    const [v, iv, tag, body] = sealed.split('.');
    // Alter the first character (to one it is not: a body starting with 'A' stayed unaltered 1 time in 64).
    const altered = `${String(body).startsWith('A') ? 'B' : 'A'}${String(body).slice(1)}`;
    expect(box.open([v, iv, tag, altered].join('.'), ID)).toBeNull();
    expect(box.open('not sealed', ID)).toBeNull();
    expect(createSecretBox(secretBoxKey({ jwtSecret: `${jwtSecret}-rotated` })).open(sealed, ID)).toBeNull();
    // WEBHOOK_SECRET_KEY, when set, is the key (JWT_SECRET can then change without losing secrets).
    const withKey = createSecretBox(secretBoxKey({ webhookSecretKey: 'k'.repeat(40), jwtSecret }));
    const kept = withKey.seal(secret, ID);
    expect(createSecretBox(secretBoxKey({ webhookSecretKey: 'k'.repeat(40), jwtSecret: 'another-jwt-secret-that-is-long-enough' })).open(kept, ID)).toBe(secret);
    expect(box.open(kept, ID)).toBeNull();
  });

  it('backs off 1 min, 5 min, 30 min, 2 h, 6 h, 24 h, then stops', () => {
    const t0 = new Date('2026-01-01T00:00:00.000Z');
    const waits = [1, 2, 3, 4, 5, 6].map((n) => (defined(retryAt(n, t0)).getTime() - t0.getTime()) / 1000);
    expect(waits).toEqual([60, 300, 1800, 7200, 21600, 86400]);
    expect(retryAt(7, t0)).toBeNull();
  });

  it('knows private addresses in their disguises', () => {
    for (const ip of ['127.0.0.1', '10.0.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd12::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe', '64:ff9b::a00:1', 'not-an-ip']) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });
});

