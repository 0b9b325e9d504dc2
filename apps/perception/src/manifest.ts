import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { regionOfInterestSchema } from '@cellforge/contracts';
import { z } from 'zod';
import { PerceptionError, zodDetails } from './errors';

const dimensions = z
  .array(z.number().positive({ message: 'Dimensions are positive millimetres' }).max(100_000))
  .min(2, { message: 'Give [length, width] or [length, width, height] in mm' })
  .max(3, { message: 'Give [length, width] or [length, width, height] in mm' });

/**
 * manifest.json inside an uploaded ZIP (docs/product.md §3.13; docs/decisions.md
 * "Video analysis"): what the videos do not show. Workstations may carry extra fields
 * (kept as given).
 */
export const manifestSchema = z.object({
  payloads: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(200),
        weight_kg: z.number().positive().max(100_000).nullable().optional(),
        dimensions_mm: dimensions.nullable().optional(),
      }),
    )
    .max(200)
    .default([]),
  workstations: z
    .array(
      z.looseObject({
        name: z.string().trim().min(1).max(200),
        dimensions_mm: dimensions.nullable().optional(),
      }),
    )
    .max(200)
    .default([]),
  notes: z.string().max(5000).optional(),
  /** Where in the picture the cell is: motion is measured there only (a stage 1 request's own region wins). */
  region_of_interest: regionOfInterestSchema.optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export function parseManifest(text: string, name = 'manifest.json'): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new PerceptionError('MANIFEST_INVALID', `${name} is not valid JSON: ${(err as Error).message}`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new PerceptionError('MANIFEST_INVALID', `${name} does not match the manifest format (payloads, workstations, notes, region_of_interest)`, zodDetails(parsed.error));
  }
  return parsed.data;
}

/** The shallowest manifest.json among the extracted entry names (case-insensitive), if any. */
export function findManifest(entryNames: string[]): { json?: string; unsupported?: string } {
  const byDepth = (a: string, b: string) => a.split('/').length - b.split('/').length || a.localeCompare(b);
  const named = (re: RegExp) => entryNames.filter((n) => re.test(path.posix.basename(n)) && !isIgnoredEntry(n)).sort(byDepth)[0];
  return { json: named(/^manifest\.json$/i), unsupported: named(/^manifest\.ya?ml$/i) };
}

/** macOS resource forks and hidden files that zip tools add. */
export function isIgnoredEntry(name: string): boolean {
  return name.split('/').some((part) => part === '__MACOSX' || part.startsWith('.'));
}

export async function readManifest(file: string, name: string): Promise<Manifest> {
  return parseManifest(await readFile(file, 'utf8'), name);
}
