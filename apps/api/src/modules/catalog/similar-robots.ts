import { findCandidateRobots, findNearestRobots } from './catalog.repository';
import type { RobotRow } from './robot-dto';
import type { CatalogReader } from './visibility';

/**
 * Catalog robots close to one robot: about the same payload and reach (0.9-1.3x the
 * payload and 90 % of the reach first, then 0.8-1.6x and 85 %), the same type preferred,
 * one per maker (unless makers are asked for), nearest first. The robot page's "similar
 * robots" and the assistant's alternatives are both this.
 */
export async function findSimilarRobots(
  catalog: CatalogReader,
  robot: RobotRow,
  opts: { exclude?: string[]; makers?: string[]; limit?: number; fillWithNearest?: boolean } = {},
): Promise<RobotRow[]> {
  const limit = opts.limit ?? 3;
  const exclude = new Set([robot.id, ...(opts.exclude ?? [])]);
  const score = (r: RobotRow) =>
    Math.abs(Math.log(r.payloadKg / robot.payloadKg)) +
    Math.abs(Math.log(r.reachMm / robot.reachMm)) +
    (r.category === robot.category ? 0 : 0.5) +
    (r.manufacturer === robot.manufacturer ? 0.3 : 0);
  const picked: RobotRow[] = [];
  const makers = new Set<string>();
  for (const [low, high, reach] of [
    [0.9, 1.3, 0.9],
    [0.8, 1.6, 0.85],
  ] as const) {
    const rows = await findCandidateRobots(catalog, {
      minPayloadKg: robot.payloadKg * low,
      maxPayloadKg: robot.payloadKg * high,
      minReachMm: robot.reachMm * reach,
      manufacturers: opts.makers?.length ? opts.makers : undefined,
      limit: 200,
    });
    const ranked = rows.filter((r) => !exclude.has(r.id)).sort((a, b) => score(a) - score(b) || a.model.localeCompare(b.model));
    for (const r of ranked) {
      if (picked.length >= limit) break;
      if (picked.some((x) => x.id === r.id) || (!opts.makers?.length && makers.has(r.manufacturer))) continue;
      makers.add(r.manufacturer);
      picked.push(r);
    }
    if (picked.length >= limit) break;
  }
  picked.sort((a, b) => score(a) - score(b) || a.model.localeCompare(b.model));
  // A robot with few neighbours (a 2,300 kg arm) still shows `limit` robots on its page: the nearest others follow.
  if (opts.fillWithNearest && picked.length < limit) {
    for (const r of await findNearestRobots(catalog, robot, limit + exclude.size + picked.length)) {
      if (picked.length >= limit) break;
      if (!exclude.has(r.id) && !picked.some((x) => x.id === r.id)) picked.push(r);
    }
  }
  return picked;
}
