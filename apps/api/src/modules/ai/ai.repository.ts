import { and, arrayOverlaps, asc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { robots, type Database } from '@cellforge/db';
import { isUuid } from '../../lib/db-values';
import { robotVisibleTo, type CatalogReader } from '../catalog/visibility';

export type { CatalogReader };

/** The robot columns the assistant reads (the search vector is left out). */
const robotColumns = {
  id: robots.id,
  manufacturer: robots.manufacturer,
  model: robots.model,
  category: robots.category,
  payloadKg: robots.payloadKg,
  reachMm: robots.reachMm,
  dof: robots.dof,
  repeatabilityMm: robots.repeatabilityMm,
  weightKg: robots.weightKg,
  priceMinUsd: robots.priceMinUsd,
  priceMaxUsd: robots.priceMaxUsd,
  applications: robots.applications,
  industries: robots.industries,
  description: robots.description,
  datasheetSource: robots.datasheetSource,
  status: robots.status,
  ownerId: robots.ownerId,
  createdAt: robots.createdAt,
  updatedAt: robots.updatedAt,
};

export type RobotRow = {
  id: string;
  manufacturer: string;
  model: string;
  category: string;
  payloadKg: number;
  reachMm: number;
  dof: number;
  repeatabilityMm: number | null;
  weightKg: number | null;
  priceMinUsd: number | null;
  priceMaxUsd: number | null;
  applications: string[];
  industries: string[];
  description: string;
  datasheetSource: string | null;
  status: string;
  ownerId: string | null;
  createdAt: Date;
  updatedAt: Date;
};


const active = eq(robots.status, 'active');
/** What the assistant may read for this reader: active robots the catalog's rule lets them see. */
const readable = (reader: CatalogReader) => and(active, robotVisibleTo(reader.viewerId))!;
/** The normalised model part of the upsert key ("fanuc|m20id25" -> "m20id25"). */
const modelKey = sql<string>`split_part(${robots.normalizedKey}, '|', 2)`;

export async function findRobotById(reader: CatalogReader, id: string): Promise<RobotRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await reader.db.select(robotColumns).from(robots).where(and(eq(robots.id, id), readable(reader))).limit(1);
  return row;
}

export async function findRobotsByIds(reader: CatalogReader, ids: string[]): Promise<RobotRow[]> {
  const valid = ids.filter(isUuid);
  if (!valid.length) return [];
  return reader.db.select(robotColumns).from(robots).where(and(inArray(robots.id, valid), readable(reader)));
}

/**
 * Id, model name, owner and listing of every active robot, for the shared in-memory name
 * index; the index applies the visibility rule per reader (isRobotVisibleTo).
 */
export async function listActiveModelNames(db: Database): Promise<Array<{ id: string; model: string; ownerId: string | null; listed: boolean }>> {
  return db.select({ id: robots.id, model: robots.model, ownerId: robots.ownerId, listed: robots.listed }).from(robots).where(active);
}

/** A cheap fingerprint of the active catalog: changes when robots are added, removed, (de)activated or updated. */
export async function catalogSignature(db: Database): Promise<string> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, updated: sql<string>`coalesce(max(${robots.updatedAt})::text, '')`, created: sql<string>`coalesce(max(${robots.createdAt})::text, '')` })
    .from(robots)
    .where(active);
  return `${row?.n ?? 0}|${row?.updated ?? ''}|${row?.created ?? ''}`;
}

/** Active robots whose normalised model equals one of the keys ("ur10e", "m20id25"). */
export async function findRobotsByModelKeys(reader: CatalogReader, keys: string[]): Promise<RobotRow[]> {
  if (!keys.length) return [];
  return reader.db
    .select(robotColumns)
    .from(robots)
    .where(and(readable(reader), inArray(modelKey, keys)))
    .orderBy(asc(robots.manufacturer), asc(robots.model))
    .limit(200);
}

export interface CandidateQuery {
  minPayloadKg: number;
  maxPayloadKg?: number;
  minReachMm?: number;
  manufacturers?: string[];
  category?: string;
  /** Any of these applications. */
  applications?: string[];
  /** The cheapest end of the indicative price band must be within this budget. */
  maxPriceUsd?: number;
  minPriceUsd?: number;
  limit?: number;
}

/**
 * Active robots that carry at least minPayloadKg and reach at least minReachMm, with
 * the optional maker/category/application/price limits; smallest adequate payload
 * first (the ranking happens in the service).
 */
export async function findCandidateRobots(reader: CatalogReader, q: CandidateQuery): Promise<RobotRow[]> {
  const where: SQL[] = [readable(reader), gte(robots.payloadKg, q.minPayloadKg)];
  if (q.maxPayloadKg !== undefined) where.push(lte(robots.payloadKg, q.maxPayloadKg));
  if (q.minReachMm !== undefined) where.push(gte(robots.reachMm, q.minReachMm));
  if (q.manufacturers?.length) where.push(inArray(sql`lower(${robots.manufacturer})`, q.manufacturers.map((m) => m.toLowerCase())));
  if (q.category) where.push(eq(robots.category, q.category));
  if (q.applications?.length) where.push(arrayOverlaps(robots.applications, q.applications));
  if (q.maxPriceUsd !== undefined) where.push(lte(robots.priceMinUsd, Math.floor(q.maxPriceUsd)));
  if (q.minPriceUsd !== undefined) where.push(or(isNull(robots.priceMaxUsd), gte(robots.priceMaxUsd, Math.ceil(q.minPriceUsd)))!);
  // The long description is not needed to rank robots; leaving it out keeps this query light.
  return reader.db
    .select({ ...robotColumns, description: sql<string>`''` })
    .from(robots)
    .where(and(...where))
    .orderBy(asc(robots.payloadKg), asc(robots.reachMm))
    .limit(q.limit ?? 80);
}

/** Manufacturer names of the public catalog (cached for everyone, so private robots do not count). */
export async function listManufacturers(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ manufacturer: robots.manufacturer }).from(robots).where(robotVisibleTo());
  return rows.map((r) => r.manufacturer);
}

