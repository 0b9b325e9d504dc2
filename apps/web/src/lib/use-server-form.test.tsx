import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { useServerForm, type UseServerFormOptions } from './use-server-form';

interface Values {
  name: string;
  email: string;
}

const FIELDS = ['name', 'email'] as const;

type TestOptions = Pick<UseServerFormOptions<Values, unknown, Values>, 'onValid' | 'failureMessage' | 'applyFieldErrors'>;

function TestForm(options: TestOptions) {
  const {
    register,
    submit,
    formError,
    formState: { errors },
  } = useServerForm<Values>({ defaultValues: { name: 'Ada', email: 'ada@example.com' }, fields: FIELDS, ...options });
  return (
    <form onSubmit={submit} noValidate aria-label="Test form">
      {formError ? <p role="alert">{formError}</p> : null}
      <label>
        Name
        <input {...register('name')} />
      </label>
      {errors.name ? <p data-testid="name-error">{errors.name.message}</p> : null}
      <label>
        Email
        <input {...register('email')} />
      </label>
      {errors.email ? <p data-testid="email-error">{errors.email.message}</p> : null}
      <button type="submit">Save</button>
    </form>
  );
}

const validationFailed = (details: Record<string, string[]>, message = 'Some fields are invalid.') =>
  new ApiError({ status: 422, code: 'VALIDATION_FAILED', message, details, fromServer: true });

describe('useServerForm', () => {
  it('calls onValid with the values and shows no message on success', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn(() => Promise.resolve());
    render(<TestForm onValid={onValid} failureMessage="Could not save." />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid).toHaveBeenCalledWith({ name: 'Ada', email: 'ada@example.com' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('puts the server field errors on the listed fields, focusing the first, and ignores unknown ones', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn(() =>
      Promise.reject(validationFailed({ email: ['Email is taken.', 'Try another.'], name: ['Name is too short.'], other: ['Ignored.'] })),
    );
    render(<TestForm onValid={onValid} failureMessage="Could not save." />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('email-error')).toHaveTextContent('Email is taken. Try another.');
    expect(screen.getByTestId('name-error')).toHaveTextContent('Name is too short.');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    expect(screen.queryByText('Ignored.')).not.toBeInTheDocument();
    // The server's own message wins over the fallback.
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields are invalid.');
  });

  it('shows the fallback when the failure has no message of the server', async () => {
    const user = userEvent.setup();
    render(<TestForm onValid={() => Promise.reject(new Error('boom'))} failureMessage="Could not save." />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save.');
  });

  it('turns the failure into the message with a function when given one', async () => {
    const user = userEvent.setup();
    const failure = new Error('boom');
    const failureMessage = vi.fn((error: unknown) => `Failed: ${(error as Error).message}`);
    render(<TestForm onValid={() => Promise.reject(failure)} failureMessage={failureMessage} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed: boom');
    expect(failureMessage).toHaveBeenCalledWith(failure);
  });

  it('applies the field errors with the given applier', async () => {
    const user = userEvent.setup();
    const failure = validationFailed({ name: ['Too short.'] });
    const applyFieldErrors = vi.fn(() => false);
    render(<TestForm onValid={() => Promise.reject(failure)} failureMessage="Could not save." applyFieldErrors={applyFieldErrors} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('alert');
    expect(applyFieldErrors).toHaveBeenCalledWith(failure, FIELDS, expect.any(Function));
    expect(screen.queryByTestId('name-error')).not.toBeInTheDocument();
  });

  it('clears the message on the next submit', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const onValid = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error('boom'))
      .mockImplementationOnce(() => new Promise<void>((resolve) => (release = resolve)));
    render(<TestForm onValid={onValid} failureMessage="Could not save." />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Gone while the second call is still on its way, and after its success.
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
