import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InlineAlert } from './inline-alert';

describe('InlineAlert', () => {
  it('announces an error (role alert) with the server detail under the title', () => {
    render(<InlineAlert title="Upload failed" detail="The video is larger than the 500 MB limit." />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Upload failed');
    expect(alert).toHaveTextContent('The video is larger than the 500 MB limit.');
  });

  it('does not repeat a detail that says the same as the title', () => {
    render(<InlineAlert title="Upload failed" detail="Upload failed" />);
    expect(screen.getAllByText('Upload failed')).toHaveLength(1);
  });

  it('announces other tones politely (role status), with their actions', () => {
    render(
      <InlineAlert tone="info" title="The video is uploaded; Stage 1 has not run yet.">
        <button type="button">Run Stage 1</button>
      </InlineAlert>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The video is uploaded; Stage 1 has not run yet.');
    expect(screen.getByRole('button', { name: 'Run Stage 1' })).toBeInTheDocument();
  });
});
