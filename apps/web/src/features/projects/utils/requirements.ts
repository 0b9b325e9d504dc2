import type { ProjectRequirements, ProjectStatus } from '@cellforge/contracts';
import { displayFigure } from '@cellforge/contracts/constants';
import { formatCleanroom, formatIp, formatUsd, humanizeTag } from '@/lib/robot-format';

/**
 * The requirements a customer gave, as short phrases ("Payload 12 kg", "Reach 1,500 mm");
 * unset ones are left out. Figures use the one display formatter of the chat, the search
 * chips and the description's reading (contracts displayFigure).
 */
export function requirementPhrases(requirements: ProjectRequirements): string[] {
  const phrases: string[] = [];
  if (requirements.application) phrases.push(`Application: ${humanizeTag(requirements.application)}`);
  if (requirements.industry) phrases.push(`Industry: ${humanizeTag(requirements.industry)}`);
  if (requirements.payload_kg) phrases.push(`Payload ${displayFigure(requirements.payload_kg)} kg`);
  if (requirements.reach_mm) phrases.push(`Reach ${displayFigure(requirements.reach_mm)} mm`);
  if (requirements.cycle_time_s) phrases.push(`Cycle time ${displayFigure(requirements.cycle_time_s)} s`);
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
