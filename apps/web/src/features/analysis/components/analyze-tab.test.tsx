import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '@/test/fetch';
import { callsTo, INTEGRATOR, stubApi, type ApiRoutes } from '@/test/marketplace';
import { stubXhr, type FakeXhr } from '@/test/fake-xhr';
import { buildJob, buildProject, STAGE1, STAGE2 } from '@/test/integrator-fixtures';
import { renderDashboard } from '@/test/render-dashboard';
import { defined, nth } from '@/test/defined';
import type { AnalysisRun } from '@cellforge/contracts';
import type { AnalysisJob } from '../api/analysis-job';

const PROJECT = buildProject();

const NO_STAGE2 = 'No Stage 2 results for this project yet. Run the video analysis first.';

/** A stage run as the API shows it (the job's `run`). */
function buildRun(overrides: Partial<AnalysisRun> = {}): AnalysisRun {
  return {
    id: 'run-1',
    stage: 'stage1',
    status: 'queued',
    attempts: 0,
    max_attempts: 3,
    progress: null,
    last_error: null,
    run_after: '2025-01-03T00:01:00.000Z',
    created_at: '2025-01-03T00:01:00.000Z',
    updated_at: '2025-01-03T00:01:00.000Z',
    ...overrides,
  };
}

/**
 * A stateful fake of the analysis API: one job that moves through the stages. A stage is
 * queued (202) and its worker finishes it by the next time the job is fetched.
 */
function stubAnalysis(extra: ApiRoutes = {}, initial: AnalysisJob | null = null) {
  let job: AnalysisJob | null = initial;
  let pending: (() => void) | null = null;
  const fetchMock = stubApi(
    {
      'GET /api/integrator/projects': () => jsonResponse({ data: [PROJECT] }),
      'GET /projects/:id/stage2-results': () =>
        job?.stage2_results
          ? jsonResponse({ success: true, job_id: job.job_id, data: job.stage2_results })
          : errorResponse(404, 'NOT_FOUND', NO_STAGE2),
      'GET /api/integrator/analysis': () => jsonResponse({ data: job ? [job] : [] }),
      'GET /api/integrator/analysis/:id': () => {
        pending?.();
        pending = null;
        return job ? jsonResponse({ data: job }) : errorResponse(404, 'NOT_FOUND', 'Analysis job not found');
      },
      'POST /api/integrator/analysis/:id/stage1': () => {
        const run = buildRun({ stage: 'stage1' });
        job = { ...defined(job), status: 'stage1_running', run };
        pending = () => (job = { ...defined(job), status: 'stage1_done', stage1_results: STAGE1, run: { ...run, status: 'succeeded', attempts: 1 } });
        return jsonResponse({ success: true, job_id: job.job_id, status: 'stage1_running', run }, { status: 202 });
      },
      'POST /api/integrator/analysis/:id/confirm': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { updated_data: object };
        const confirmed = { ...STAGE1, ...body.updated_data };
        job = { ...defined(job), status: 'confirmed', confirmed_data: confirmed };
        return jsonResponse({ success: true, job_id: job.job_id, confirmed: true, confirmed_data: confirmed, confirmed_at: '2025-01-03T00:05:00.000Z' });
      },
      'POST /api/integrator/analysis/:id/stage2': () => {
        const run = buildRun({ id: 'run-2', stage: 'stage2' });
        job = { ...defined(job), status: 'stage2_running', run };
        pending = () => (job = { ...defined(job), status: 'stage2_done', stage2_results: STAGE2, run: { ...run, status: 'succeeded', attempts: 1 } });
        return jsonResponse({ success: true, job_id: job.job_id, status: 'stage2_running', run }, { status: 202 });
      },
      ...extra,
    },
    { user: INTEGRATOR },
  );
  const uploads = stubXhr((xhr: FakeXhr) =>
    setTimeout(() => {
      xhr.progress(40, 100);
      setTimeout(() => {
        // Like the API: the job takes the job_id the client sent.
        const jobId = String(xhr.field('job_id'));
        job = buildJob({ job_id: jobId, object_key: `u3/p1/${jobId}/cell.mp4` });
        xhr.respond(201, { success: true, data: { object_key: job.object_key, bucket_name: 'videos', job_id: jobId } });
      }, 30);
    }, 10),
  );
  return { fetchMock, uploads };
}

const mp4 = () => new File(['fake video'], 'cell.mp4', { type: 'video/mp4' });

describe('Integrator dashboard: Upload and Analyze tab', { timeout: 20_000 }, () => {
  it('offers to create a project when there is none ("No Entry")', async () => {
    const user = userEvent.setup();
    stubApi(
      {
        'GET /api/integrator/projects': () => jsonResponse({ data: [] }),
        'POST /api/integrator/projects': (_url, init) => jsonResponse({ data: buildProject({ id: 'p7', ...JSON.parse(String(init.body)) }) }, { status: 201 }),
      },
      { user: INTEGRATOR },
    );
    renderDashboard('?tab=analyze');
    expect(await screen.findByRole('heading', { name: 'No Entry' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Upload and Analyze' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'Create a project' }));
    expect(screen.getByRole('dialog', { name: 'New project' })).toBeInTheDocument();
  });

  it('refuses a file that is not .zip or .mp4 with "Please upload a ZIP or MP4 file"', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { uploads } = stubAnalysis();
    renderDashboard('?tab=analyze');
    const input = await screen.findByLabelText('Video of the work cell', {}, { timeout: 5000 });
    await user.upload(input, new File(['x'], 'cell.mov', { type: 'video/quicktime' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please upload a ZIP or MP4 file');
    expect(screen.getByRole('button', { name: 'Upload and analyse' })).toBeDisabled();
    expect(uploads).toHaveLength(0);

    await user.upload(input, new File(['x'], 'CELL.MP4', { type: 'video/mp4' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload and analyse' })).toBeEnabled();
  });

  it('uploads with progress, runs Stage 1 automatically, sends the edited payloads on confirm, then shows Stage 2', async () => {
    const user = userEvent.setup();
    const { fetchMock, uploads } = stubAnalysis();
    const { router } = renderDashboard('?tab=analyze');
    await user.upload(await screen.findByLabelText('Video of the work cell', {}, { timeout: 5000 }), mp4());
    await user.click(screen.getByRole('button', { name: /Upload and analyse/ }));
    expect(await screen.findByRole('progressbar', { name: 'Uploading the video…' })).toBeInTheDocument();

    // Stage 1 starts by itself once the upload answers.
    expect(await screen.findByRole('heading', { name: 'Stage 1 entity extraction results' })).toBeInTheDocument();
    expect(nth(uploads, 0).pathname).toBe('/api/integrator/upload-video');
    expect(nth(uploads, 0).field('project_id')).toBe('p1');
    expect(nth(uploads, 0).field('user_id')).toBe('u3');
    // docs/product.md §7.10: the client sends the job_id (a UUID, within the server's pattern) and the job is that one.
    const jobId = String(nth(uploads, 0).field('job_id'));
    expect(jobId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(callsTo(fetchMock, 'POST', `/api/integrator/analysis/${jobId}/stage1`)).toHaveLength(1);
    expect(router.state.location.search).toBe(`?tab=analyze&project=p1&job=${jobId}`);

    const timeline = screen.getByRole('list', { name: 'Activity timeline' });
    expect(within(timeline).getByRole('heading', { name: 'Pick and place' })).toBeInTheDocument();
    expect(within(timeline).getByText('0:00.0–0:12.5 (12.5 s)')).toBeInTheDocument();
    expect(within(timeline).getByText('Motion: high')).toBeInTheDocument();
    expect(within(timeline).getByText('Cycle time 4.2 s (3 cycles)')).toBeInTheDocument();
    // the key frame is shown as a picture, never as its storage path
    expect(within(timeline).queryByText(/projects\/p1\/jobs/)).not.toBeInTheDocument();

    // Edit the payload weight, add a second payload, change the workstation.
    const weight = screen.getByLabelText('Payload 1 Weight (kg)');
    expect(weight).toHaveValue(8);
    await user.clear(weight);
    await user.type(weight, '10');
    await user.click(screen.getByRole('button', { name: 'Add payload' }));
    await user.type(screen.getByLabelText('Payload 2 Name'), 'Tray');
    await user.type(screen.getByLabelText('Payload 2 Weight (kg)'), '1.5');
    await user.clear(screen.getByLabelText('Workstation 1 Width (mm)'));
    await user.type(screen.getByLabelText('Workstation 1 Width (mm)'), '900');
    await user.type(screen.getByLabelText(/Note/), 'Two shifts.');
    await user.click(screen.getByRole('button', { name: 'Confirm & Run Stage 2' }));

    expect(await screen.findByRole('heading', { name: 'Stage 2 robot configuration results' })).toBeInTheDocument();
    const confirmBody = JSON.parse(String(nth(callsTo(fetchMock, 'POST', `/api/integrator/analysis/${jobId}/confirm`), 0).init.body));
    expect(confirmBody).toMatchObject({
      confirmed: true,
      message: 'Two shifts.',
      updated_data: {
        extracted_payloads: [
          { name: 'Gearbox', weight_kg: 10, dimensions_mm: [300, 200, 150] },
          { name: 'Tray', weight_kg: 1.5, dimensions_mm: null },
        ],
        extracted_workstations: [{ name: 'Assembly table', dimensions_mm: [1200, 900], source: 'manifest' }],
      },
    });
    expect(confirmBody.updated_data.extracted_activities[0]).toMatchObject({ activity_name: 'Pick and place', planar: false });
    expect(callsTo(fetchMock, 'POST', `/api/integrator/analysis/${jobId}/stage2`)).toHaveLength(1);

    const summary = defined(screen.getByText('Tasks identified').closest('dl'));
    expect(summary).toHaveAttribute('aria-label', 'Stage 2 summary');
    expect(within(summary).getByText('Tasks identified').nextElementSibling).toHaveTextContent('1');
    expect(within(summary).getByText('Configurations generated').nextElementSibling).toHaveTextContent('2');
    expect(within(summary).getByText('Viable configurations').nextElementSibling).toHaveTextContent('1');
    expect(within(summary).getByText('Deployment locations analyzed').nextElementSibling).toHaveTextContent('1');
    const table = screen.getByRole('table', { name: 'Robot configurations for Pick and place' });
    const fanuc = within(table).getByRole('row', { name: /M-20iD\/25/ });
    expect(fanuc).toHaveTextContent('Viable');
    expect(fanuc).toHaveTextContent('Fits payload, reach and axes.');
    expect(within(table).getByRole('row', { name: /IRB 1200/ })).toHaveTextContent('Not viable');
    expect(screen.getByText(/Needs 12.5 kg payload \(heaviest part 10 kg\), 871 mm reach, 6 axes/)).toBeInTheDocument();
  });

  it('shows "Stage 1 analysis failed" with the server message', async () => {
    const user = userEvent.setup();
    stubAnalysis({
      'POST /api/integrator/analysis/:id/stage1': () => errorResponse(503, 'SERVICE_UNAVAILABLE', 'The analysis service is not running.'),
    });
    renderDashboard('?tab=analyze');
    await user.upload(await screen.findByLabelText('Video of the work cell', {}, { timeout: 5000 }), mp4());
    await user.click(screen.getByRole('button', { name: /Upload and analyse/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Stage 1 analysis failed');
    expect(alert).toHaveTextContent('The analysis service is not running.');
    expect(within(alert).getByRole('button', { name: 'Run Stage 1 again' })).toBeInTheDocument();
  });

  it('shows the server error of a rejected upload, and "Upload failed" without one', async () => {
    const user = userEvent.setup();
    stubAnalysis();
    const requests = stubXhr((xhr) => setTimeout(() => xhr.respond(413, { message: 'The video is larger than the 500 MB limit.', error: 'x', code: 'PAYLOAD_TOO_LARGE' }), 10));
    renderDashboard('?tab=analyze');
    const input = await screen.findByLabelText('Video of the work cell', {}, { timeout: 5000 });
    await user.upload(input, mp4());
    await user.click(screen.getByRole('button', { name: /Upload and analyse/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The video is larger than the 500 MB limit.');
    expect(requests).toHaveLength(1);

    stubXhr((xhr) => setTimeout(() => xhr.fail(), 10));
    await user.click(screen.getByRole('button', { name: /Upload and analyse/ }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Upload failed'));
  });

  it('shows "Stage 2 analysis failed" with the server message', async () => {
    const user = userEvent.setup();
    stubAnalysis(
      { 'POST /api/integrator/analysis/:id/stage2': () => errorResponse(502, 'CATALOG_UNAVAILABLE', 'The catalog could not be read.') },
      buildJob({ status: 'stage1_done', stage1_results: STAGE1 }),
    );
    renderDashboard('?tab=analyze&project=p1&job=job-1');
    await user.click(await screen.findByRole('button', { name: 'Confirm & Run Stage 2' }, { timeout: 5000 }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Stage 2 analysis failed');
    expect(alert).toHaveTextContent('The catalog could not be read.');
  });

  it('follows a queued stage after a reload: progress with the attempt, then Cancel puts the analysis back', async () => {
    const user = userEvent.setup();
    const running = buildRun({ status: 'running', attempts: 2, progress: { step: 'running', stage: 'stage1', attempt: 2, started_at: '2025-01-03T00:02:00.000Z' } });
    let job = buildJob({ status: 'stage1_running', run: running });
    const { fetchMock } = stubAnalysis({
      'GET /api/integrator/analysis/:id': () => jsonResponse({ data: job }),
      'POST /api/integrator/analysis/:id/cancel': () => {
        job = { ...job, status: 'uploaded', run: { ...running, status: 'cancelled', progress: { step: 'cancelled' } } };
        return jsonResponse({ success: true, job_id: 'job-1', status: 'uploaded', run: job.run });
      },
    });
    renderDashboard('?tab=analyze&project=p1&job=job-1');
    expect(await screen.findByRole('progressbar', { name: 'Stage 1 running (attempt 2 of 3)…' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/You can leave this page and come back/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel Stage 1' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/integrator/analysis/job-1/cancel')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Run Stage 1' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('polls a queued stage until its worker ends it, and shows the failure the job records', async () => {
    let job = buildJob({ status: 'stage1_running', run: buildRun({ status: 'queued', attempts: 1, last_error: 'The video analysis service is not reachable. Try again in a moment.', progress: { step: 'retry_scheduled' } }) });
    stubAnalysis({ 'GET /api/integrator/analysis/:id': () => jsonResponse({ data: job }) });
    renderDashboard('?tab=analyze&project=p1&job=job-1');
    expect(await screen.findByRole('progressbar', { name: 'Stage 1: retrying soon (attempt 2 of 3)' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('The last attempt failed: The video analysis service is not reachable. Try again in a moment.')).toBeInTheDocument();

    job = { ...job, status: 'failed', error: 'The analysis failed: ffmpeg crashed', run: buildRun({ status: 'failed', attempts: 3, last_error: 'The analysis failed: ffmpeg crashed' }) };
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('Stage 1 analysis failed');
    expect(alert).toHaveTextContent('The analysis failed: ffmpeg crashed');
    expect(within(alert).getByRole('button', { name: 'Run Stage 1 again' })).toBeInTheDocument();
  });

  it('resumes an analysis from the URL and lists the previous analyses of the project', async () => {
    stubAnalysis({}, buildJob({ status: 'stage2_done', stage1_results: STAGE1, confirmed_data: STAGE1, stage2_results: STAGE2 }));
    renderDashboard('?tab=analyze&project=p1&job=job-1');
    expect(await screen.findByRole('heading', { name: 'Stage 2 robot configuration results' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Stage 1 entity extraction results' })).toBeInTheDocument();
    const list = await screen.findByRole('heading', { name: 'Previous analyses' });
    const item = within(defined(list.parentElement)).getByRole('listitem');
    expect(item).toHaveAttribute('aria-current', 'true');
    expect(item).toHaveTextContent('cell.mp4');
    expect(item).toHaveTextContent('Stage 2 done');
  });
});

describe('Integrator dashboard: the project\'s Stage 2 results (GET /projects/:id/stage2-results)', { timeout: 20_000 }, () => {
  const DONE = buildJob({ status: 'stage2_done', stage1_results: STAGE1, confirmed_data: STAGE1, stage2_results: STAGE2 });

  it('shows the latest Stage 2 results of the selected project, and opens the analysis they come from', async () => {
    const user = userEvent.setup();
    const { fetchMock } = stubAnalysis({}, DONE);
    const { router } = renderDashboard('?tab=analyze&project=p1');
    const section = defined((await screen.findByRole('heading', { name: 'Latest Stage 2 results of this project' }, { timeout: 5000 })).closest('section'));
    const [call] = callsTo(fetchMock, 'GET', '/projects/p1/stage2-results');
    expect(new Headers(defined(call).init.headers).get('Authorization')).toBe('Bearer stored-token');
    const summary = defined(within(section).getByText('Tasks identified').closest('dl'));
    expect(within(summary).getByText('Viable configurations').nextElementSibling).toHaveTextContent('1');
    const table = within(section).getByRole('table', { name: 'Robot configurations for Pick and place' });
    expect(within(table).getByRole('row', { name: /M-20iD\/25/ })).toHaveTextContent('Viable');

    await user.click(within(section).getByRole('button', { name: 'Open this analysis' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=analyze&project=p1&job=job-1'));
    // The open analysis shows the same results once, under the spec's heading.
    expect(await screen.findByRole('heading', { name: 'Stage 2 robot configuration results' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Latest Stage 2 results of this project' })).not.toBeInTheDocument();
  });

  it('says when the project has no Stage 2 results yet (the answer\'s error field)', async () => {
    stubAnalysis();
    renderDashboard('?tab=analyze&project=p1');
    const note = await screen.findByText(NO_STAGE2, {}, { timeout: 5000 });
    expect(note.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('on failure shows the error field of the answer, else "Failed to fetch Stage 2 results"', async () => {
    const user = userEvent.setup();
    let answer = () => jsonResponse({ error: 'Stage 2 results are being rebuilt. Try again in a minute.' }, { status: 503 });
    const { fetchMock } = stubAnalysis({ 'GET /projects/:id/stage2-results': () => answer() });
    const fetchCalls = () => callsTo(fetchMock, 'GET', '/projects/p1/stage2-results').length;
    renderDashboard('?tab=analyze&project=p1');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Stage 2 results are being rebuilt. Try again in a minute.');

    // An answer without an error field (its message is not the spec's field), then no answer at all.
    answer = () => jsonResponse({ message: 'Internal error', code: 'INTERNAL' }, { status: 500 });
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to fetch Stage 2 resultsRetry$/));

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => {
      expect(fetchCalls()).toBe(3);
      expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to fetch Stage 2 resultsRetry$/);
    });
  });
});
