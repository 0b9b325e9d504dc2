import { formatKg, formatMm, formatNumber, formatUsd, humanizeTag } from '@/lib/robot-format';

export interface RequirementFact {
  label: string;
  value: string;
}

/** A positive finite number, else null: the requirements arrive as a free-form record. */
function positive(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The application a customer wants automated ("Palletizing"), or null. */
export function applicationOf(requirements: Record<string, unknown>): string | null {
  const application = text(requirements.application);
  return application ? humanizeTag(application) : null;
}

/**
 * What an opportunity card lists (payload, reach, cycle time, budget, industry, city),
 * in that order; a requirement the customer left out is left out here too.
 */
export function requirementFacts(requirements: Record<string, unknown>): RequirementFact[] {
  const facts: RequirementFact[] = [];
  const payload = positive(requirements.payload_kg);
  const reach = positive(requirements.reach_mm);
  const cycleTime = positive(requirements.cycle_time_s);
  const budget = positive(requirements.budget_usd);
  const industry = text(requirements.industry);
  const city = text(requirements.city);
  if (payload !== null) facts.push({ label: 'Payload', value: formatKg(payload) });
  if (reach !== null) facts.push({ label: 'Reach', value: formatMm(reach) });
  if (cycleTime !== null) facts.push({ label: 'Cycle time', value: `${formatNumber(cycleTime)} s` });
  if (budget !== null) facts.push({ label: 'Budget', value: formatUsd(budget) });
  if (industry !== null) facts.push({ label: 'Industry', value: humanizeTag(industry) });
  if (city !== null) facts.push({ label: 'City', value: city });
  return facts;
}
