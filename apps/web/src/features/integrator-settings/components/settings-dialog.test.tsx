import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '@/test/fetch';
import { callsTo, INTEGRATOR, stubApi, type ApiRoutes } from '@/test/marketplace';
import { toastTexts } from '@/test/render';
import { CATALOG_STATS, catalogAnswer } from '@/test/integrator-fixtures';
import { renderDashboard } from '@/test/render-dashboard';
import { nth } from '@/test/defined';

const SETTINGS = { company_name: 'Analytical Engines Ltd', phone: '+44 20 7946 0000', website: 'https://engines.example', city: 'London' };

function stubSettings(extra: ApiRoutes = {}) {
  return stubApi(
    {
      'GET /api/integrator/catalog/robots': () => jsonResponse(catalogAnswer([])),
      'GET /api/integrator/catalog/stats': () => jsonResponse(CATALOG_STATS),
      'GET /api/integrator/settings': () => jsonResponse({ data: SETTINGS }),
      'PUT /api/integrator/settings': (_url, init) =>
        jsonResponse({ success: true, message: 'Settings saved successfully!', data: JSON.parse(String(init.body)) }),
      ...extra,
    },
    { user: INTEGRATOR },
  );
}

async function openSettings() {
  const user = userEvent.setup();
  renderDashboard();
  await user.click(await screen.findByRole('button', { name: 'Account Settings' }, { timeout: 5000 }));
  const dialog = screen.getByRole('dialog', { name: 'Account Settings' });
  await within(dialog).findByDisplayValue('Analytical Engines Ltd');
  return { user, dialog };
}

describe('Account Settings dialog', { timeout: 20_000 }, () => {
  it('loads the settings into typed fields and says "Settings saved successfully!"', async () => {
    const fetchMock = stubSettings();
    const { user, dialog } = await openSettings();
    expect(within(dialog).getByLabelText('Company name')).toHaveAttribute('type', 'text');
    expect(within(dialog).getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(within(dialog).getByLabelText('Website')).toHaveAttribute('type', 'url');
    expect(within(dialog).getByLabelText('City')).toHaveAttribute('type', 'text');

    await user.clear(within(dialog).getByLabelText('City'));
    await user.type(within(dialog).getByLabelText('City'), 'Manchester');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toastTexts()).toContain('Settings saved successfully!');
    expect(JSON.parse(String(nth(callsTo(fetchMock, 'PUT', '/api/integrator/settings'), 0).init.body))).toEqual({ ...SETTINGS, city: 'Manchester' });
  });

  it('says "Failed to save settings" and puts the server field errors under the fields', async () => {
    stubSettings({
      'PUT /api/integrator/settings': () =>
        errorResponse(400, 'VALIDATION_FAILED', 'Check the highlighted fields', { phone: ['Phone may contain digits, spaces and + ( ) . -'] }),
    });
    const { user, dialog } = await openSettings();
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to save settings');
    expect(alert).toHaveTextContent('Check the highlighted fields');
    const phone = within(dialog).getByLabelText('Phone');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription('Phone may contain digits, spaces and + ( ) . -');
    expect(screen.getByRole('dialog', { name: 'Account Settings' })).toBeInTheDocument();
  });

  it('checks the website before sending', async () => {
    const fetchMock = stubSettings();
    const { user, dialog } = await openSettings();
    await user.clear(within(dialog).getByLabelText('Website'));
    await user.type(within(dialog).getByLabelText('Website'), 'not a url');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(await within(dialog).findByText('Enter a full web address, e.g. https://example.com')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/integrator/settings')).toHaveLength(0);
  });

  it('says "Failed to save settings" when the server cannot save', async () => {
    stubSettings({ 'PUT /api/integrator/settings': () => errorResponse(500, 'INTERNAL', 'Something broke') });
    const { user, dialog } = await openSettings();
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to save settings');
  });
});
