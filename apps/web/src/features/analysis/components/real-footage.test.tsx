import type { Stage1Results, Stage2Results } from '@cellforge/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STAGE1, STAGE2 } from '@/test/integrator-fixtures';
import { Stage1Editor } from './stage1-editor';
import { Stage2ResultsView } from './stage2-results';

/** Stage 1 on a phone video (issue 16): a cycle with its confidence and starts, warnings, a region of interest. */
const FOOTAGE: Stage1Results = {
  ...STAGE1,
  extracted_activities: [{ activity_name: 'Machine tending', description: 'Loads the lathe.', start_s: 0, end_s: 30, duration_s: 30, motion_level: 'medium', cycle_time_s: 7.5, cycle_count: 4, cycle_confidence: 0.42 }],
  cycle_time_s: 7.5,
  cycle: {
    period_s: 7.5,
    confidence: 0.42,
    confidence_level: 'low',
    cycle_count: 4,
    repeats: 4,
    starts_s: [0.05, 7.55, 15.1, 22.55],
    durations_s: { min: 7.45, median: 7.5, max: 7.55 },
    regions_used: 4,
    regions_total: 12,
  },
  video: { name: 'cell.mp4', duration_s: 30, analyzed_s: 30, fps: 30, width: 1280, height: 720, region_of_interest: { x: 0.5, y: 0.5, width: 0.5, height: 0.5 } },
  warnings: ['cell.mp4: camera moving: the picture shifted by up to 6.0 px (0.5 % of the width) from its middle position.'],
};

describe('Stage 1 results on real footage', () => {
  it('shows the cycle with its confidence, durations and each cycle start, and the warnings', () => {
    render(<Stage1Editor results={FOOTAGE} initial={FOOTAGE} busy={false} onConfirm={vi.fn()} />);
    expect(screen.getByText(/Work cycle:/)).toHaveTextContent(
      'Work cycle: 7.5 s, seen 4 times; confidence 0.42 (low: check it before it is used). Durations 7.5 s to 7.6 s, median 7.5 s.',
    );
    const cycles = screen.getByRole('list', { name: 'Cycle timeline' });
    expect(within(cycles).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Cycle 1: starts 0:00.1, 7.5 s',
      'Cycle 2: starts 0:07.5, 7.6 s',
      'Cycle 3: starts 0:15.1, 7.5 s',
      'Cycle 4: starts 0:22.6',
    ]);
    expect(screen.getByText('Cycle time 7.5 s (4 cycles, uncertain)')).toBeInTheDocument();
    expect(screen.getByText(/measured in the region of interest only/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Analysis warnings' })).getByText(/camera moving/)).toBeInTheDocument();
  });
});

describe('Confirming without a payload weight', () => {
  it('says before confirming that payload fit cannot be checked, until a weight is given', async () => {
    const noWeight: Stage1Results = { ...STAGE1, extracted_activities: [], extracted_payloads: [{ name: 'Gearbox', weight_kg: null, dimensions_mm: null }] };
    const user = userEvent.setup();
    render(<Stage1Editor results={noWeight} initial={noWeight} busy={false} onConfirm={vi.fn()} />);
    const confirm = screen.getByRole('button', { name: 'Confirm & Run Stage 2' });
    expect(confirm).toHaveAccessibleDescription('No payload weight yet: Stage 2 cannot check payload fit and will mark no robot viable. Add the weight of the heaviest part.');
    await user.type(screen.getByLabelText('Payload 1 Weight (kg)'), '12');
    expect(screen.queryByText(/No payload weight yet/)).not.toBeInTheDocument();
  });
});

describe('Stage 2 results that could not check everything', () => {
  it('says so: the warnings, and what each task did not check', () => {
    const results: Stage2Results = {
      ...STAGE2,
      warnings: ['Payload fit was not checked for the task (Pick and place): no payload weight is confirmed, so no robot is marked viable for it. Confirm again with the weight.'],
      task_configurations: [{ ...STAGE2.task_configurations[0], task_name: 'Pick and place', requirements: { min_axes: 6, cycle_time_s: 2, cycle_unchecked: 'low confidence' }, robot_configurations: [] }],
    };
    render(<Stage2ResultsView results={results} />);
    expect(within(screen.getByRole('list', { name: 'Stage 2 warnings' })).getByText(/^Payload fit was not checked/)).toBeInTheDocument();
    expect(screen.getByText('Needs 6 axes. Not checked: payload fit (no weight confirmed); reach (no workstation size confirmed); the 2 s cycle (measured with low confidence).')).toBeInTheDocument();
  });
});
