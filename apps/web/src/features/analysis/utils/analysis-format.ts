import { VIDEO_EXTENSIONS } from '@cellforge/contracts';
import type { AnalysisStatus } from '../api/analysis-job';

/** docs/product.md §6: only names ending in .zip or .mp4 (any case, as the server checks). */
export function hasVideoName(name: string): boolean {
  const lower = name.toLowerCase();
  return VIDEO_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

export const STATUS_LABELS: Record<AnalysisStatus, string> = {
  uploaded: 'Uploaded',
  stage1_running: 'Stage 1 running',
  stage1_done: 'Waiting for your confirmation',
  confirmed: 'Confirmed',
  stage2_running: 'Stage 2 running',
  stage2_done: 'Stage 2 done',
  failed: 'Failed',
};

/** 75.25 -> "1:15.3" */
export function formatClock(seconds: number | undefined | null): string {
  if (seconds === undefined || seconds === null || !Number.isFinite(seconds)) return '—';
  const minutes = Math.floor(seconds / 60);
  const rest = seconds - minutes * 60;
  return `${minutes}:${rest.toFixed(1).padStart(4, '0')}`;
}

export function formatSeconds(seconds: number | undefined | null): string {
  if (seconds === undefined || seconds === null || !Number.isFinite(seconds)) return '—';
  return `${Math.round(seconds * 10) / 10} s`;
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** docs/product.md §4.6 field names, in words. */
export const STAGE2_SUMMARY_LABELS = {
  total_tasks_identified: 'Tasks identified',
  total_configurations_generated: 'Configurations generated',
  viable_configurations: 'Viable configurations',
  deployment_locations_analyzed: 'Deployment locations analyzed',
} as const;
