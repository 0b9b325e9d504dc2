import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './progress-bar';

describe('ProgressBar', () => {
  it('is a named progressbar with its rounded percent, kept within 0-100', () => {
    const { rerender } = render(<ProgressBar label="Uploading the video…" value={41.6} />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading the video…' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(bar).toHaveAttribute('aria-valuetext', '42%');
    rerender(<ProgressBar label="Uploading the video…" value={140} />);
    expect(bar).toHaveAttribute('aria-valuenow', '100');
  });

  it('is indeterminate (no value) while the length of the work is unknown', () => {
    render(<ProgressBar label="Running Stage 2…" value={null} />);
    const bar = screen.getByRole('progressbar', { name: 'Running Stage 2…' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(screen.queryByText(/%$/)).not.toBeInTheDocument();
  });
});
