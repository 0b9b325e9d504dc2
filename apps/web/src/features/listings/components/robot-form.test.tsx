import type { ListingInput } from '@cellforge/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { buildRobot } from '@/test/marketplace';
import { nth } from '@/test/defined';
import { RobotForm, type RobotFormProps } from './robot-form';

function renderForm(props: Partial<RobotFormProps> = {}) {
  const onSubmit = vi.fn<(input: ListingInput) => Promise<unknown>>(() => Promise.resolve());
  const onCancel = vi.fn();
  render(<RobotForm label="Edit robot" submitLabel="Save robot" failureMessage="The robot could not be saved." onSubmit={onSubmit} onCancel={onCancel} {...props} />);
  return { onSubmit, onCancel, form: screen.getByRole('form', { name: 'Edit robot' }) };
}

describe('RobotForm', () => {
  it('is prefilled with every field of the robot, and sends them all back', async () => {
    const user = userEvent.setup();
    const robot = buildRobot({
      manufacturer: 'FANUC',
      model: 'M-20iD/25',
      category: 'articulated',
      industries: ['automotive', 'food-and-beverage'],
      ip_rating: 67,
      food_grade: false,
      mounting: ['floor', 'ceiling'],
      max_speed_mm_s: 2000,
      environment_source: 'FANUC M-20iD datasheet',
    });
    const { onSubmit, form } = renderForm({ robot });
    expect(within(form).getByRole('textbox', { name: /Manufacturer/ })).toHaveValue('FANUC');
    expect(within(form).getByRole('spinbutton', { name: /Weight/ })).toHaveValue(50);
    expect(within(form).getByRole('textbox', { name: /Industries/ })).toHaveValue('automotive, food-and-beverage');
    expect(within(form).getByRole('textbox', { name: /Datasheet source/ })).toHaveValue('ABB product specification');
    expect(within(form).getByRole('spinbutton', { name: /IP rating/ })).toHaveValue(67);
    expect(within(form).getByRole('combobox', { name: /Food-grade/ })).toHaveValue('no');
    expect(within(form).getByRole('checkbox', { name: 'Ceiling' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Wall' })).not.toBeChecked();
    await user.click(within(form).getByRole('checkbox', { name: 'Wall' }));
    await user.selectOptions(within(form).getByRole('combobox', { name: /Cleanroom/ }), '5');
    await user.click(within(form).getByRole('button', { name: 'Save robot' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(nth(onSubmit.mock.calls, 0)[0]).toEqual({
      manufacturer: 'FANUC',
      model: 'M-20iD/25',
      category: 'articulated',
      payload_kg: 10,
      reach_mm: 1200,
      dof: 6,
      repeatability_mm: 0.03,
      weight_kg: 50,
      price_min_usd: 30000,
      price_max_usd: 40000,
      applications: ['welding'],
      industries: ['automotive', 'food-and-beverage'],
      description: 'A six-axis arm.',
      datasheet_source: 'ABB product specification',
      ip_rating: 67,
      cleanroom_iso_class: 5,
      food_grade: false,
      mounting: ['floor', 'ceiling', 'wall'],
      max_speed_mm_s: 2000,
      environment_source: 'FANUC M-20iD datasheet',
    });
  });

  it("keeps a category that is not one of the contract's in view, and the contract names the choices", async () => {
    const user = userEvent.setup();
    const { onSubmit, form } = renderForm({ robot: buildRobot({ category: 'gantry' }) });
    expect(within(form).getByRole('combobox', { name: /Category/ })).toHaveValue('gantry');
    await user.click(within(form).getByRole('button', { name: 'Save robot' }));
    expect(await within(form).findByText(/^Category must be one of articulated/)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("puts the server's field errors on the fields and its message above them", async () => {
    const user = userEvent.setup();
    const conflict = new ApiError({
      status: 409,
      code: 'CONFLICT',
      message: 'Your catalog already has this manufacturer and model. Edit that robot instead.',
      details: { model: ['Your catalog already has this manufacturer and model'], 'applications.0': ['Too long'] },
      fromServer: true,
    });
    const { form } = renderForm({ robot: buildRobot(), onSubmit: () => Promise.reject(conflict) });
    await user.click(within(form).getByRole('button', { name: 'Save robot' }));
    const model = within(form).getByRole('textbox', { name: /Model/ });
    await waitFor(() => expect(model).toHaveAttribute('aria-invalid', 'true'));
    expect(model).toHaveFocus();
    expect(model).toHaveAccessibleDescription('Your catalog already has this manufacturer and model');
    expect(within(form).getByRole('textbox', { name: /Applications/ })).toHaveAccessibleDescription(/Too long/);
    expect(within(form).getByRole('alert')).toHaveTextContent('Your catalog already has this manufacturer and model. Edit that robot instead.');
  });

  it('says the failure message when the server gave no reason, and Cancel sends nothing', async () => {
    const user = userEvent.setup();
    const { form, onCancel } = renderForm({ robot: buildRobot(), onSubmit: () => Promise.reject(new Error('boom')) });
    await user.click(within(form).getByRole('button', { name: 'Save robot' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The robot could not be saved.');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
