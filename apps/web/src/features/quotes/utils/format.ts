import { quoteTimelineLabels, type QuoteTimeline, type SharedRequirements, type Thread } from '@cellforge/contracts';
import { formatIp, formatKg, formatMm, formatNumber, formatUsd, humanizeTag } from '@/lib/robot-format';
import type { BadgeTone } from '@/components/ui/badge';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** A quoted price in its currency ("€41,000"); formatters are made once per currency. */
export function formatMoney(price: number, currency: string): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 });
    } catch {
      format = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    }
    moneyFormats.set(currency, format);
  }
  return format.format(price);
}

export const formatTimeline = (timeline: QuoteTimeline) => quoteTimelineLabels[timeline];

/** "12 Dec 2026" */
export function formatDay(iso: string): string {
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** "14:05" today, "3 Dec" this year, "3 Dec 2025" before. */
export function formatWhen(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (date.toDateString() === now.toDateString()) return date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  const sameYear = date.getFullYear() === now.getFullYear();
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) });
}

/** The requirements a request carries, as label/value pairs (only those given). */
export function requirementRows(requirements: SharedRequirements | null): Array<{ label: string; value: string }> {
  if (!requirements) return [];
  const rows: Array<{ label: string; value: string | null }> = [
    { label: 'Application', value: requirements.application ? humanizeTag(requirements.application) : null },
    { label: 'Payload', value: requirements.payload_kg != null ? formatKg(requirements.payload_kg) : null },
    { label: 'Reach', value: requirements.reach_mm != null ? formatMm(requirements.reach_mm) : null },
    { label: 'Cycle time', value: requirements.cycle_time_s != null ? `${formatNumber(requirements.cycle_time_s)} s` : null },
    { label: 'Budget', value: requirements.budget_usd != null ? formatUsd(requirements.budget_usd) : null },
    { label: 'Industry', value: requirements.industry ? humanizeTag(requirements.industry) : null },
    { label: 'IP rating', value: requirements.ip_rating_min != null ? `${formatIp(requirements.ip_rating_min)} or better` : null },
    { label: 'Cleanroom', value: requirements.cleanroom_iso_class != null ? `ISO class ${requirements.cleanroom_iso_class} or cleaner` : null },
    { label: 'Food-grade', value: requirements.food_grade ? 'Required' : null },
    { label: 'Washdown', value: requirements.washdown ? 'Required' : null },
    { label: 'Mounting', value: requirements.mounting ? humanizeTag(requirements.mounting) : null },
    { label: 'Makers', value: requirements.makers?.length ? requirements.makers.join(', ') : null },
    { label: 'Not from', value: requirements.excluded_makers?.length ? requirements.excluded_makers.join(', ') : null },
  ];
  return rows.filter((row): row is { label: string; value: string } => row.value !== null);
}

export const STATUS_LABELS: Record<Thread['status'], string> = {
  new: 'New',
  contacted: 'Answered',
  quoted: 'Quoted',
  accepted: 'Accepted',
  declined: 'Declined',
  closed: 'Closed',
};
export const STATUS_TONES: Record<Thread['status'], BadgeTone> = {
  new: 'brand',
  contacted: 'neutral',
  quoted: 'warning',
  accepted: 'success',
  declined: 'danger',
  closed: 'neutral',
};

export const KIND_LABELS: Record<Thread['kind'], string> = {
  quote_request: 'Request for quote',
  robot_inquiry: 'Question about a listing',
  integrator_interest: 'Integrator interest',
};
