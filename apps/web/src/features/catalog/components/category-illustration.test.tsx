import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { robotCategories } from '@cellforge/contracts/constants';
import { buildRobot } from '@/test/marketplace';
import { CategoryIllustration, illustrationKind } from './category-illustration';
import { CompareTable } from './compare-table';

describe('category drawings for models without photos', () => {
  it('gives every catalog category, and the spellings uploads bring, its own drawing', () => {
    expect(robotCategories.map(illustrationKind)).toEqual(['articulated', 'collaborative', 'scara', 'delta', 'palletizing', 'heavy-payload']);
    expect(['Cobot', 'SCARA 4-axis', 'Parallel (delta)', 'Palletiser', 'AMR with arm', 'Mobile manipulator', 'something else'].map(illustrationKind)).toEqual([
      'collaborative',
      'scara',
      'delta',
      'palletizing',
      'mobile',
      'mobile',
      'articulated',
    ]);
    const drawings = new Set(
      (['articulated', 'collaborative', 'scara', 'delta', 'palletizing', 'heavy-payload', 'mobile'] as const).map((category) => {
        const { container, unmount } = render(<CategoryIllustration category={category} name="X" />);
        const svg = container.querySelector('svg')?.innerHTML ?? '';
        unmount();
        return svg;
      }),
    );
    expect(drawings.size).toBe(7);
  });

  it('names what it shows for screen readers, and stays silent where the robot is named beside it (compare)', () => {
    render(<CategoryIllustration category="scara" name="Epson T6" />);
    expect(screen.getByRole('img', { name: 'Drawing of a SCARA robot: no photo of the Epson T6 yet' })).toBeInTheDocument();
  });

  it('compare shows each column a drawing in a fixed box without changing the column names', () => {
    const robots = [
      buildRobot({ id: 'a', manufacturer: 'Epson', model: 'T6', category: 'scara' }),
      buildRobot({ id: 'b', manufacturer: 'ABB', model: 'FlexPicker IRB 360', category: 'delta' }),
    ];
    const { container } = render(
      <MemoryRouter>
        <CompareTable robots={robots} onRemove={() => undefined} />
      </MemoryRouter>,
    );
    const heads = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(heads.map((h) => h.querySelector('[data-illustration]')?.getAttribute('data-illustration'))).toEqual(['scara', 'delta']);
    expect(heads.every((h) => h.querySelector('[data-illustration]')?.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(heads.map((h) => h.querySelector('[data-illustration]')?.parentElement?.className.includes('aspect-[2/1]'))).toEqual([true, true]);
    expect(within(container).queryAllByRole('img')).toHaveLength(0);
  });
});
