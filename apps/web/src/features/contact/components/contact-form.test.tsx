import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, errorResponse, jsonResponse, stubFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { ContactForm } from './contact-form';

function renderForm() {
  return renderRoutes([{ path: '/', element: <ContactForm /> }]);
}

async function fillAndSend(message = 'We need a palletising robot for 20 kg boxes.') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Name/), 'Ada Lovelace');
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Company/), 'Analytical Engines');
  await user.type(screen.getByLabelText(/^Subject/), 'Palletising');
  await user.type(screen.getByLabelText(/^Message/), message);
  await user.click(screen.getByRole('button', { name: 'Send message' }));
}

describe('ContactForm', () => {
  it('validates with the contract schema before sending', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    renderForm();
    await fillAndSend('too short');
    await waitFor(() =>
      expect(screen.getByLabelText(/^Message/)).toHaveAccessibleDescription(
        'At least 10 characters. Message must be at least 10 characters',
      ),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts to /api/contact, thanks the user and clears the form', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ success: true, id: 'c1', message: 'Stored' }, { status: 201 }));
    renderForm();
    await fillAndSend();
    expect(await screen.findByText('Thanks — your message has been sent.')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/contact');
    expect(bodyOf(fetchMock)).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: 'Analytical Engines',
      subject: 'Palletising',
      message: 'We need a palletising robot for 20 kg boxes.',
    });
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
    expect(screen.getByLabelText(/^Message/)).toHaveValue('');
  });

  it("shows the server's error and field details, and keeps the input", async () => {
    stubFetch(() =>
      errorResponse(400, 'VALIDATION_FAILED', 'Please check the highlighted fields', { subject: ['Subject is too long'] }),
    );
    renderForm();
    await fillAndSend();
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the highlighted fields');
    expect(screen.getByLabelText(/^Subject/)).toHaveAccessibleDescription('Subject is too long');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Ada Lovelace');
    expect(screen.queryByText('Thanks — your message has been sent.')).not.toBeInTheDocument();
  });
});
