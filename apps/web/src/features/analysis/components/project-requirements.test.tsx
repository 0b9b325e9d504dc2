import type { Stage1Results } from '@cellforge/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '@/test/fetch';
import { callsTo, INTEGRATOR, stubApi } from '@/test/marketplace';
import { buildJob, buildProject, STAGE1 } from '@/test/integrator-fixtures';
import { renderDashboard } from '@/test/render-dashboard';

/** Stage 1 on a phone video: it saw the motion, but no part weight and no workstation size. */
const MEASURED_ONLY: Stage1Results = { ...STAGE1, extracted_payloads: [], extracted_workstations: [] };

function stub(requirements: Record<string, unknown> | undefined, confirmed: Stage1Results | null = null) {
  const project = { ...buildProject(), ...(requirements ? { requirements } : {}) };
  const job = buildJob({ status: confirmed ? 'confirmed' : 'stage1_done', stage1_results: MEASURED_ONLY, confirmed_data: confirmed });
  return stubApi(
    {
      'GET /api/integrator/projects': () => jsonResponse({ data: [project] }),
      'GET /projects/:id/stage2-results': () => errorResponse(404, 'NOT_FOUND', 'No Stage 2 results for this project yet.'),
      'GET /api/integrator/analysis': () => jsonResponse({ data: [job] }),
      'GET /api/integrator/analysis/:id/key-frame': () => new Response(new Uint8Array([0xff, 0xd8]), { headers: { 'content-type': 'image/jpeg' } }),
      'GET /api/integrator/analysis/:id': () => jsonResponse({ data: job }),
      'POST /api/integrator/analysis/:id/confirm': () => errorResponse(503, 'SERVICE_UNAVAILABLE', 'stop here'),
    },
    { user: INTEGRATOR },
  );
}

describe('The confirm step of a project that holds requirements (issue 16)', { timeout: 20_000 }, () => {
  it('starts from the project payload, reach and cycle time, says so, and confirms them', async () => {
    const user = userEvent.setup();
    const fetchMock = stub({ payload_kg: 8, reach_mm: 1400, cycle_time_s: 6 });
    renderDashboard('?tab=analyze&project=p1&job=job-1');
    expect(await screen.findByLabelText('Payload 1 Weight (kg)', {}, { timeout: 5000 })).toHaveValue(8);
    expect(screen.getByLabelText('Payload 1 Name')).toHaveValue('Part (project requirement)');
    expect(screen.getByLabelText('Reach needed (mm)')).toHaveValue(1400);
    expect(screen.getByLabelText('Cycle time target (s)')).toHaveValue(6);
    expect(screen.getByText(/Filled in from the project's requirements: the part weight, the reach, the cycle time\./)).toBeInTheDocument();
    expect(screen.queryByText(/No payload weight yet/)).toBeNull();

    await user.clear(screen.getByLabelText('Cycle time target (s)'));
    await user.type(screen.getByLabelText('Cycle time target (s)'), '5.5');
    await user.click(screen.getByRole('button', { name: 'Confirm & Run Stage 2' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/integrator/analysis/job-1/confirm')).toHaveLength(1));
    const [call] = callsTo(fetchMock, 'POST', '/api/integrator/analysis/job-1/confirm');
    const body = JSON.parse(String(call?.init.body)) as { updated_data: Record<string, unknown> };
    expect(body.updated_data).toMatchObject({
      extracted_payloads: [{ name: 'Part (project requirement)', weight_kg: 8, dimensions_mm: null }],
      required_reach_mm: 1400,
      target_cycle_time_s: 5.5,
    });
  });

  it('without project requirements, leaves the fields empty and says payload fit cannot be checked', async () => {
    stub(undefined);
    renderDashboard('?tab=analyze&project=p1&job=job-1');
    expect(await screen.findByLabelText('Reach needed (mm)', {}, { timeout: 5000 })).toHaveValue(null);
    expect(screen.queryByText(/Filled in from the project/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirm & Run Stage 2' })).toHaveAccessibleDescription(/Stage 2 cannot check payload fit/);
  });

  it('keeps what was confirmed: the project does not overwrite a confirmation', async () => {
    stub({ payload_kg: 8, reach_mm: 1400, cycle_time_s: 6 }, { ...MEASURED_ONLY, extracted_payloads: [{ name: 'Gearbox', weight_kg: 12, dimensions_mm: null }], required_reach_mm: 900 });
    renderDashboard('?tab=analyze&project=p1&job=job-1');
    expect(await screen.findByLabelText('Payload 1 Weight (kg)', {}, { timeout: 5000 })).toHaveValue(12);
    expect(screen.getByLabelText('Reach needed (mm)')).toHaveValue(900);
    expect(screen.getByLabelText('Cycle time target (s)')).toHaveValue(null);
  });
});
