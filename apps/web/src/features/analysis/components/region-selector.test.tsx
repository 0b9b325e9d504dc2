import type { RegionOfInterest, Stage1Results } from '@cellforge/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse } from '@/test/fetch';
import { callsTo, INTEGRATOR, stubApi } from '@/test/marketplace';
import { buildJob, buildProject, STAGE1 } from '@/test/integrator-fixtures';
import { renderDashboard } from '@/test/render-dashboard';
import { defined } from '@/test/defined';

/**
 * An integrator whose phone video shows people walking by draws the region where the robot
 * works on a key frame and runs Stage 1 again in it (issue 16).
 */
function stubJob(results: Stage1Results = STAGE1) {
  let job = buildJob({ status: 'stage1_done', stage1_results: results });
  const fetchMock = stubApi({
    'GET /api/integrator/projects': () => jsonResponse({ data: [buildProject()] }),
    'GET /projects/:id/stage2-results': () => errorResponse(404, 'NOT_FOUND', 'No Stage 2 results for this project yet.'),
    'GET /api/integrator/analysis': () => jsonResponse({ data: [job] }),
    'GET /api/integrator/analysis/:id/key-frame': () => new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } }),
    'GET /api/integrator/analysis/:id': () => jsonResponse({ data: job }),
    'POST /api/integrator/analysis/:id/stage1': (_url, init) => {
      const body = JSON.parse(String(init.body ?? '{}')) as { region_of_interest?: RegionOfInterest };
      const region = body.region_of_interest ?? null;
      job = { ...job, stage1_results: { ...results, analyzed_at: '2025-01-03T00:05:00.000Z', video: { ...defined(results.video), region_of_interest: region } } };
      return jsonResponse({ success: true, job_id: job.job_id, data: job.stage1_results });
    },
  }, { user: INTEGRATOR });
  return fetchMock;
}

const stage1Bodies = (fetchMock: ReturnType<typeof stubJob>) =>
  callsTo(fetchMock, 'POST', '/api/integrator/analysis/job-1/stage1').map(({ init }) => JSON.parse(String(init.body ?? '{}')) as unknown);

describe('Region of interest on the key frame', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('is drawn with the keyboard: a region in the middle, arrow keys move it and resize it from a corner, and Stage 1 runs in it', async () => {
    const user = userEvent.setup();
    const fetchMock = stubJob();
    renderDashboard('?tab=analyze&project=p1&job=job-1');
    expect(await screen.findByText('No region: motion is measured over the whole picture.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Run Stage 1 again/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Draw a region' }));
    const region = screen.getByRole('button', { name: /^Region of interest:/ });
    expect(region).toHaveFocus();
    expect(region).toHaveAccessibleName('Region of interest: left 25 %, top 25 %, 50 % wide, 50 % high');
    // four visible corner handles
    expect(screen.getAllByRole('button', { name: /corner of the region$/ })).toHaveLength(4);

    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{/Shift}');
    // stopped at the right edge, whole
    expect(region).toHaveAccessibleName('Region of interest: left 50 %, top 50 %, 50 % wide, 50 % high');

    const topLeft = screen.getByRole('button', { name: 'Top-left corner of the region' });
    topLeft.focus();
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}{ArrowUp}{ArrowUp}');
    expect(screen.getByText('Region: left 55 %, top 48 %, 45 % wide, 52 % high.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Run Stage 1 again in this region' }));
    await waitFor(() => expect(stage1Bodies(fetchMock)).toEqual([{ region_of_interest: { x: 0.55, y: 0.48, width: 0.45, height: 0.52 } }]));
    // the new results measured in the region: the panel starts from it and says so
    expect(await screen.findByText(/Motion was measured in the region of interest only/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Region of interest:/ })).toHaveAccessibleName('Region of interest: left 55 %, top 48 %, 45 % wide, 52 % high');
  });

  it('is drawn by dragging on the picture (mouse or touch), moved by dragging it, and cleared to run on the whole picture', async () => {
    const user = userEvent.setup();
    const measured = { ...STAGE1, video: { ...defined(STAGE1.video), region_of_interest: { x: 0.1, y: 0.1, width: 0.2, height: 0.2 } } };
    const fetchMock = stubJob(measured);
    renderDashboard('?tab=analyze&project=p1&job=job-1');
    const frame = await screen.findByTestId('region-frame', {}, { timeout: 5000 });
    vi.spyOn(frame, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, width: 400, height: 300, right: 400, bottom: 300, x: 0, y: 0, toJSON: () => ({}) });

    // a new region from (200, 150) to (360, 300): x 50 %, y 50 %, 40 % wide, 50 % high
    fireEvent.pointerDown(frame, { clientX: 200, clientY: 150, button: 0, pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerMove(frame, { clientX: 300, clientY: 250, pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerMove(frame, { clientX: 360, clientY: 320, pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerUp(frame, { clientX: 360, clientY: 320, pointerId: 1, pointerType: 'touch' });
    expect(screen.getByText('Region: left 50 %, top 50 %, 40 % wide, 50 % high.')).toBeInTheDocument();

    // dragged by its middle 40 px left and 30 px up
    const region = screen.getByRole('button', { name: /^Region of interest:/ });
    fireEvent.pointerDown(region, { clientX: 280, clientY: 220, button: 0, pointerId: 2 });
    fireEvent.pointerMove(frame, { clientX: 240, clientY: 190, pointerId: 2 });
    fireEvent.pointerUp(frame, { clientX: 240, clientY: 190, pointerId: 2 });
    expect(screen.getByText('Region: left 40 %, top 40 %, 40 % wide, 50 % high.')).toBeInTheDocument();

    // a tap on the picture draws nothing
    fireEvent.pointerDown(frame, { clientX: 20, clientY: 20, button: 0, pointerId: 3 });
    fireEvent.pointerUp(frame, { clientX: 21, clientY: 20, pointerId: 3 });
    expect(screen.getByText('Region: left 40 %, top 40 %, 40 % wide, 50 % high.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear the region' }));
    expect(screen.getByText('No region: motion is measured over the whole picture.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run Stage 1 again on the whole picture' }));
    await waitFor(() => expect(stage1Bodies(fetchMock)).toEqual([{}]));
  });
});
