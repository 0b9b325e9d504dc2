import { describe, expect, it } from 'vitest';
import express from 'express';
import request from 'supertest';
import { createTokenService } from '../lib/tokens';
import { authenticate } from './authenticate';
import { errorHandler } from './error-handler';
import { requirePermission, requireRole } from './require-role';

const tokens = createTokenService('role-test-secret-role-test-secret-xx', 3600);
const app = express();
app.get('/integrator', authenticate(tokens, { required: true }), requireRole('integrator'), (_req, res) => {
  res.json({ ok: true });
});
app.get('/leads', authenticate(tokens, { required: true }), requirePermission('view_leads'), (_req, res) => {
  res.json({ ok: true });
});
app.get('/optional', authenticate(tokens, { required: false }), (req, res) => {
  res.json({ role: req.auth?.role ?? null });
});
app.use(errorHandler);

const tokenFor = (userType: 'customer' | 'supplier' | 'integrator' | 'system_integrator') =>
  `Bearer ${tokens.sign({ sub: '00000000-0000-0000-0000-000000000001', user_type: userType, email: 'x@y.z', ver: 0 })}`;

describe('requireRole', () => {
  it('lets integrator and system_integrator through', async () => {
    await request(app).get('/integrator').set('Authorization', tokenFor('integrator')).expect(200);
    await request(app).get('/integrator').set('Authorization', tokenFor('system_integrator')).expect(200);
  });
  it('answers 403 naming the portal for other roles', async () => {
    const res = await request(app).get('/integrator').set('Authorization', tokenFor('customer')).expect(403);
    expect(res.body).toMatchObject({
      code: 'FORBIDDEN',
      message: 'This is part of the System Integrator portal. Your account is a Customer account.',
    });
  });
  it('answers 401 without a token', async () => {
    expect((await request(app).get('/integrator').expect(401)).body.code).toBe('UNAUTHENTICATED');
  });
});

describe('requirePermission', () => {
  it('follows the role table', async () => {
    await request(app).get('/leads').set('Authorization', tokenFor('supplier')).expect(200);
    const res = await request(app).get('/leads').set('Authorization', tokenFor('integrator')).expect(403);
    expect(res.body.message).toBe('Your System Integrator account does not have the view_leads permission.');
  });
});

describe('optional authentication', () => {
  it('is anonymous without a token and knows the role with one', async () => {
    expect((await request(app).get('/optional').expect(200)).body.role).toBeNull();
    expect((await request(app).get('/optional').set('Authorization', tokenFor('system_integrator')).expect(200)).body.role).toBe(
      'integrator',
    );
  });
  it('refuses an invalid token even where auth is optional', async () => {
    await request(app).get('/optional').set('Authorization', 'Bearer nope').expect(401);
  });
});
