import type { RobotCategory } from '@cellforge/contracts';
import { foldText } from '@cellforge/db';

/** Makers that build only collaborative arms, and model names that mark a cobot line. */
const cobotMakers = ['universal robots', 'techman', 'doosan', 'franka', 'kinova', 'elite robots', 'aubo', 'jaka', 'neuromeka', 'rethink'];
const cobotModels = /\b(crx|cr-?\d|gofa|swifti|yumi|lbr|iiwa|hc\d|motoman hc|tm\d|ur\d|cobot)/;

/**
 * A bulk file has no category column (the spec's targets are manufacturer, model,
 * payload, reach, dof), but every robot needs one for the catalog's facets. It is
 * inferred once, on insert, from what the row gives; re-imports never change it.
 */
export function inferCategory(input: { manufacturer: string; model: string; payload_kg: number; reach_mm: number; dof: number | null }): RobotCategory {
  const maker = foldText(input.manufacturer);
  const model = foldText(input.model);
  if (input.payload_kg >= 500) return 'heavy-payload';
  if (cobotMakers.some((m) => maker.includes(m)) || cobotModels.test(model)) return 'collaborative';
  if (/\bdelta\b|\bflexpicker\b|\bquattro\b|\bm-[123]ia\b/.test(model)) return 'delta';
  if (input.dof === 4 && input.payload_kg >= 40) return 'palletizing';
  if (input.dof === 4 && input.reach_mm <= 1200) return 'scara';
  return 'articulated';
}
