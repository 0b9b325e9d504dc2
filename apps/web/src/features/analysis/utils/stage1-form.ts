import type { Stage1Results } from '@cellforge/contracts';
import { z } from 'zod';

const MAX_WEIGHT_KG = 3000;
const MAX_SIDE_MM = 100_000;
const MAX_CYCLE_S = 86_400;

/** The requirements of the analysis's project that the confirm step starts from (issue 16). */
export interface ProjectRequirementsPrefill {
  payload_kg?: number | null;
  reach_mm?: number | null;
  cycle_time_s?: number | null;
}

const optionalNumber = (message: string, max: number) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || (Number.isFinite(Number(value)) && Number(value) >= 0 && Number(value) <= max), { message });

const side = optionalNumber(`Enter a size in mm from 0 to ${MAX_SIDE_MM.toLocaleString('en-US')}`, MAX_SIDE_MM);

/** Length and width go together (stage 2 works out the reach from them); height is optional. */
function sidesTogether(row: { length: string; width: string; height: string }, ctx: z.RefinementCtx) {
  const any = row.length !== '' || row.width !== '' || row.height !== '';
  if (any && row.length === '') ctx.addIssue({ code: 'custom', path: ['length'], message: 'Give the length with the width' });
  if (any && row.width === '') ctx.addIssue({ code: 'custom', path: ['width'], message: 'Give the width with the length' });
}

const payloadRowSchema = z
  .object({
    /** Index in stage 1's list, or -1 for a row the user added. */
    source: z.number(),
    name: z.string().trim().min(1, { message: 'Name the payload' }).max(200),
    weight_kg: optionalNumber(`Enter a weight in kg from 0 to ${MAX_WEIGHT_KG.toLocaleString('en-US')}`, MAX_WEIGHT_KG),
    length: side,
    width: side,
    height: side,
  })
  .superRefine(sidesTogether);

const workstationRowSchema = z
  .object({
    source: z.number(),
    name: z.string().trim().min(1, { message: 'Name the workstation' }).max(200),
    length: side,
    width: side,
    height: side,
  })
  .superRefine(sidesTogether);

export const stage1FormSchema = z.object({
  payloads: z.array(payloadRowSchema),
  workstations: z.array(workstationRowSchema),
  /** For the whole cell (the project's requirements prefill them): reach needed and the cycle to keep. */
  reach_mm: optionalNumber(`Enter a reach in mm from 0 to ${MAX_SIDE_MM.toLocaleString('en-US')}`, MAX_SIDE_MM),
  cycle_time_s: optionalNumber(`Enter a cycle time in s from 0 to ${MAX_CYCLE_S.toLocaleString('en-US')}`, MAX_CYCLE_S),
  /** Per activity: the task is planar pick-and-place (stage 2 then accepts 4-axis robots). */
  planar: z.array(z.boolean()),
  note: z.string().max(2000, { message: 'Keep the note under 2,000 characters' }),
});
export type Stage1FormValues = z.infer<typeof stage1FormSchema>;
export type PayloadRow = Stage1FormValues['payloads'][number];
export type WorkstationRow = Stage1FormValues['workstations'][number];

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

function sidesOf(dimensions: number[] | null | undefined) {
  return { length: text(dimensions?.[0]), width: text(dimensions?.[1]), height: text(dimensions?.[2]) };
}

function dimensionsOf(row: { length: string; width: string; height: string }): number[] | null {
  if (row.length === '' || row.width === '') return null;
  return row.height === '' ? [Number(row.length), Number(row.width)] : [Number(row.length), Number(row.width), Number(row.height)];
}

export const emptyPayload = (): PayloadRow => ({ source: -1, name: '', weight_kg: '', length: '', width: '', height: '' });
export const emptyWorkstation = (): WorkstationRow => ({ source: -1, name: '', length: '', width: '', height: '' });

const positive = (value: number | null | undefined): number | null => (typeof value === 'number' && value > 0 ? value : null);

/** The part a project's payload weight becomes when stage 1 found none. */
export const PROJECT_PART_NAME = 'Part (project requirement)';

/**
 * The form's starting point: the confirmed data when there is some, else stage 1's. With the
 * project's requirements (only before a first confirmation), what stage 1 left empty is
 * filled from them: the payload weight (the first part without one, or a new part), the reach
 * and the cycle target. `prefilled` names what was taken from the project.
 */
export function formValuesOf(data: Stage1Results, project: ProjectRequirementsPrefill | null = null): Stage1FormValues & { prefilled: ('payload' | 'reach' | 'cycle')[] } {
  const prefilled: ('payload' | 'reach' | 'cycle')[] = [];
  const payloads: PayloadRow[] = data.extracted_payloads.map((payload, index) => ({
    source: index,
    name: payload.name,
    weight_kg: text(payload.weight_kg),
    ...sidesOf(payload.dimensions_mm),
  }));
  const projectWeight = positive(project?.payload_kg);
  if (projectWeight !== null && !payloads.some((row) => row.weight_kg !== '')) {
    const first = payloads[0];
    if (first) first.weight_kg = String(projectWeight);
    else payloads.push({ ...emptyPayload(), name: PROJECT_PART_NAME, weight_kg: String(projectWeight) });
    prefilled.push('payload');
  }
  let reach = positive(data.required_reach_mm);
  if (reach === null && positive(project?.reach_mm) !== null) {
    reach = positive(project?.reach_mm);
    prefilled.push('reach');
  }
  let cycle = positive(data.target_cycle_time_s);
  if (cycle === null && positive(project?.cycle_time_s) !== null) {
    cycle = positive(project?.cycle_time_s);
    prefilled.push('cycle');
  }
  return {
    payloads,
    workstations: data.extracted_workstations.map((station, index) => ({ source: index, name: station.name, ...sidesOf(station.dimensions_mm) })),
    reach_mm: text(reach),
    cycle_time_s: text(cycle),
    planar: data.extracted_activities.map((activity) => activity.planar === true),
    note: '',
    prefilled,
  };
}

/** updated_data for confirm: the edited lists replace stage 1's; extra fields of edited entries are kept. */
export function updatedDataOf(base: Stage1Results, values: Stage1FormValues) {
  return {
    extracted_activities: base.extracted_activities.map((activity, index) => ({ ...activity, planar: values.planar[index] === true })),
    extracted_payloads: values.payloads.map((row) => ({
      name: row.name.trim(),
      weight_kg: row.weight_kg === '' ? null : Number(row.weight_kg),
      dimensions_mm: dimensionsOf(row),
    })),
    extracted_workstations: values.workstations.map((row) => ({
      ...(row.source >= 0 ? base.extracted_workstations[row.source] : {}),
      name: row.name.trim(),
      dimensions_mm: dimensionsOf(row),
    })),
    required_reach_mm: values.reach_mm === '' ? null : Number(values.reach_mm),
    target_cycle_time_s: values.cycle_time_s === '' ? null : Number(values.cycle_time_s),
  };
}
