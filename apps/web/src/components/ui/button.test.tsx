import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClasses, type ButtonVariant } from './button';

describe('Button', () => {
  it.each<[ButtonVariant, string]>([
    ['primary', 'bg-orange-700'],
    ['secondary', 'bg-slate-900'],
    ['outline', 'border-slate-300'],
    ['ghost', 'bg-transparent'],
  ])('renders the %s variant with its own look', (variant, expectedClass) => {
    render(<Button variant={variant}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('data-variant', variant);
    expect(button.className).toContain(expectedClass);
  });

  it('gives every variant a distinct class list', () => {
    const looks = (['primary', 'secondary', 'outline', 'ghost'] as const).map((variant) => buttonClasses({ variant }));
    expect(new Set(looks).size).toBe(4);
  });

  it.each([
    ['sm', 'min-h-9'],
    ['md', 'min-h-10'],
    ['lg', 'min-h-12'],
  ] as const)('renders size %s', (size, expectedClass) => {
    render(<Button size={size}>Go</Button>);
    expect(screen.getByRole('button', { name: 'Go' }).className).toContain(expectedClass);
  });

  it('defaults to a primary, medium, non-submitting button', () => {
    render(<Button>Default</Button>);
    const button = screen.getByRole('button', { name: 'Default' });
    expect(button).toHaveAttribute('data-variant', 'primary');
    expect(button).toHaveAttribute('data-size', 'md');
    expect(button).toHaveAttribute('type', 'button');
  });

  it('shows "Loading..." and is disabled while loading', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Loading...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Save')).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});
