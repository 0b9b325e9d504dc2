import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

function Example() {
  const [value, setValue] = useState<'a' | 'b' | 'c'>('a');
  return (
    <Tabs
      label="Example"
      value={value}
      onValueChange={setValue}
      items={[
        { value: 'a', label: 'First', content: <p>Panel one</p> },
        { value: 'b', label: 'Second', content: <p>Panel two</p> },
        { value: 'c', label: 'Third', content: <p>Panel three</p> },
      ]}
    />
  );
}

describe('Tabs', () => {
  it('links tabs and panel and keeps only the selected tab in the Tab order', () => {
    render(<Example />);
    expect(screen.getByRole('tablist', { name: 'Example' })).toBeInTheDocument();
    const first = screen.getByRole('tab', { name: 'First' });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Second' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'First' })).toHaveTextContent('Panel one');
  });

  it('moves with arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    render(<Example />);
    screen.getByRole('tab', { name: 'First' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Second' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel two');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Third' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'First' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Third' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel one');
  });
});
