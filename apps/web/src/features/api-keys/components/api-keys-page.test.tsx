import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '@cellforge/contracts';
import { routes } from '@/app/router';
import { errorResponse, jsonResponse } from '@/test/fetch';
import { callsTo, stubApi, SUPPLIER, type ApiRoutes } from '@/test/marketplace';
import { renderRoutes } from '@/test/render';
import { nth } from '@/test/defined';

const SECRET = `cfk_${'Ab3'.repeat(14)}x`;
const KEY: ApiKey = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'ERP sync',
  prefix: 'cfk_Ab3Ab3Ab',
  scopes: ['catalog:read', 'offers:write'],
  status: 'active',
  created_at: '2026-11-20T10:00:00.000Z',
  last_used_at: null,
  expires_at: null,
  revoked_at: null,
};

function stub(keys: ApiKey[], extra: ApiRoutes = {}) {
  let list = keys;
  return stubApi(
    {
      'GET /api/me/api-keys': () => jsonResponse({ data: list }),
      'POST /api/me/api-keys': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { name: string; scopes: ApiKey['scopes'] };
        const created: ApiKey = { ...KEY, id: '22222222-2222-4222-8222-222222222222', name: body.name, scopes: body.scopes, prefix: SECRET.slice(0, 12) };
        list = [created, ...list];
        return jsonResponse({ data: created, secret: SECRET }, { status: 201 });
      },
      'DELETE /api/me/api-keys/:id': (url) => {
        const id = url.pathname.split('/').pop();
        list = list.map((k) => (k.id === id ? { ...k, status: 'revoked' as const, revoked_at: '2026-11-26T10:00:00.000Z' } : k));
        return jsonResponse({ data: list.find((k) => k.id === id) });
      },
      ...extra,
    },
    { user: SUPPLIER },
  );
}

describe('API keys page', { timeout: 20_000 }, () => {
  it('lists keys with prefix, scopes, last use and expiry, and never shows a listed key\'s secret', async () => {
    stub([KEY, { ...KEY, id: '33333333-3333-4333-8333-333333333333', name: 'Old CRM', status: 'revoked', revoked_at: '2026-11-21T10:00:00.000Z', last_used_at: '2026-11-21T09:00:00.000Z' }]);
    renderRoutes(routes, '/settings/api-keys');
    const erp = await screen.findByRole('article', { name: 'API key ERP sync' });
    expect(within(erp).getByText('cfk_Ab3Ab3Ab…')).toBeInTheDocument();
    expect(within(within(erp).getByRole('list', { name: 'Scopes' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Read catalog', 'Manage offers']);
    // Never used, never expires.
    expect(within(erp).getAllByText('Never', { selector: 'dd' })).toHaveLength(2);
    expect(within(erp).getByRole('button', { name: 'Revoke key ERP sync' })).toBeInTheDocument();
    const old = screen.getByRole('article', { name: 'API key Old CRM' });
    expect(within(old).getByText('Revoked', { selector: 'span' })).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('creates a key from name, scopes and expiry, shows the secret once with a copy button, then hides it', async () => {
    const fetchMock = stub([]);
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderRoutes(routes, '/settings/api-keys');
    await screen.findByText('No keys yet');

    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByText('Name the key')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one scope')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/me/api-keys')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Name/), 'Offer feed');
    await user.click(screen.getByRole('checkbox', { name: /Manage offers/ }));
    await user.selectOptions(screen.getByLabelText('Expires'), 'In 90 days');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const secret = await screen.findByLabelText('API key');
    expect(secret).toHaveValue(SECRET);
    expect(screen.getByText('Copy this key now. It will not be shown again.')).toBeInTheDocument();
    expect(JSON.parse(String(nth(callsTo(fetchMock, 'POST', '/api/me/api-keys'), 0).init.body))).toEqual({ name: 'Offer feed', scopes: ['offers:write'], expires_in_days: 90 });
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByText('The key is on your clipboard.')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'API key Offer feed' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByLabelText('API key')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('revokes a key after confirming, and keeps the dialog open with the reason when it fails', async () => {
    const fetchMock = stub([KEY], { 'DELETE /api/me/api-keys/:id': () => errorResponse(500, 'INTERNAL', 'Something broke') });
    const user = userEvent.setup();
    renderRoutes(routes, '/settings/api-keys');
    await user.click(await screen.findByRole('button', { name: 'Revoke key ERP sync' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke this key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'DELETE', `/api/me/api-keys/${KEY.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke key ERP sync' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke key' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Something broke');
    expect(screen.getByRole('dialog', { name: 'Revoke this key?' })).toBeInTheDocument();
  });

  it('revokes a key: it shows as revoked', async () => {
    stub([KEY]);
    const user = userEvent.setup();
    renderRoutes(routes, '/settings/api-keys');
    await user.click(await screen.findByRole('button', { name: 'Revoke key ERP sync' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const article = await screen.findByRole('article', { name: 'API key ERP sync' });
    await waitFor(() => expect(within(article).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument());
    expect(within(article).getByText('Revoked', { selector: 'span' })).toBeInTheDocument();
  });
});
