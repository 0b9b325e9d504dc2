import type { ProjectRequirements, ProjectStatus } from '@cellforge/contracts';
import { formatCleanroom, formatIp, formatKg, formatMm, formatNumber, formatUsd, humanizeTag } from '@/lib/robot-format';

/** The requirements a customer gave, as short phrases ("Payload 12 kg"); unset ones are left out. */
export function requirementPhrases(requirements: ProjectRequirements): string[] {
  const phrases: string[] = [];
  if (requirements.application) phrases.push(`Application: ${humanizeTag(requirements.application)}`);
  if (requirements.industry) phrases.push(`Industry: ${humanizeTag(requirements.industry)}`);
  if (requirements.payload_kg) phrases.push(`Payload ${formatKg(requirements.payload_kg)}`);
  if (requirements.reach_mm) phrases.push(`Reach ${formatMm(requirements.reach_mm)}`);
  if (requirements.cycle_time_s) phrases.push(`Cycle time ${formatNumber(requirements.cycle_time_s)} s`);
  if (requirements.budget_usd) phrases.push(`Budget ${formatUsd(requirements.budget_usd)}`);
  if (requirements.ip_rating_min !== null && requirements.ip_rating_min !== undefined) phrases.push(`${formatIp(requirements.ip_rating_min)} or better`);
  if (requirements.cleanroom_iso_class) phrases.push(`Cleanroom ${formatCleanroom(requirements.cleanroom_iso_class)} or cleaner`);
  if (requirements.food_grade) phrases.push('Food-grade');
  if (requirements.mounting) phrases.push(`${humanizeTag(requirements.mounting)} mounting`);
  return phrases;
}

/** True when matching can run (the server needs a payload, a reach or an application). */
export function canMatch(requirements: ProjectRequirements): boolean {
  return Boolean(requirements.payload_kg || requirements.reach_mm || requirements.application);
}

export const STATUS_TONE: Record<ProjectStatus, 'neutral' | 'brand' | 'success'> = {
  Draft: 'neutral',
  'In Progress': 'brand',
  Complete: 'success',
};
