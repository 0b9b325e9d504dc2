import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { foldText, queryRows, robotKeyVariants, robotSearchColumns, type Database } from '@cellforge/db';
import { inferCategory } from './category';
import type { ImportedFields, ImportedRobot } from './robot-import';

/**
 * A whole import written set-based (issue 14): the valid rows are staged in a temporary
 * table of the import's transaction (COPY FROM STDIN on PostgreSQL; multi-row INSERTs on
 * PGlite), then ONE statement per kind of write matches them with the shared catalog,
 * decides insert / update / unchanged against the importer's robots and writes them, and
 * returns its counts. Nothing is written to robots or offers before that statement, and
 * everything is in the caller's transaction: a failure anywhere writes nothing.
 */

/** What the importer chose for a row, used when the row names a shared catalog model. */
export type StagedChoice = 'attach' | 'private_copy' | 'skip';

export interface StagedRobot extends ImportedRobot {
  /** The 1-based data row (the last row of a key wins an offer, as the file is read). */
  row: number;
  choice: StagedChoice;
  /** A supplier's row: the terms of its offer (contracts' offer fields; the price in `currency`); absent terms keep an existing offer's. */
  offer?: StagedOfferTerms;
}

export interface StagedOfferTerms {
  price_min?: number;
  price_max?: number;
  currency?: string;
  condition?: string;
  lead_time_weeks?: number;
  quantity?: number;
}

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/** The counts of a whole import, from the statement that wrote it. */
export interface StagedImportCounts extends UpsertCounts {
  attached: number;
  privateCopies: number;
  skippedMatches: number;
}

/** Builds the statement that records the robots an import wrote or matched; `ids` is a query with a `robot_id` column. */
export type RecordImportRobots = (ids: SQL) => SQL;

/** The staging table's columns, in COPY order, with their types (one list: COPY, the PGlite insert and the table). */
const stagedColumns = [
  ['data_row', 'integer'],
  ['key', 'text'],
  ['variants', 'text[]'],
  ['choice', 'text'],
  ['manufacturer', 'text'],
  ['model', 'text'],
  ['search_text', 'text'],
  ['compact_text', 'text'],
  ['search_country', 'text'],
  ['file_country', 'text'],
  ['category', 'text'],
  ['new_category', 'text'],
  ['payload_kg', 'double precision'],
  ['reach_mm', 'double precision'],
  ['dof', 'integer'],
  ['repeatability_mm', 'double precision'],
  ['weight_kg', 'double precision'],
  ['price_min_usd', 'integer'],
  ['price_max_usd', 'integer'],
  ['applications', 'text[]'],
  ['industries', 'text[]'],
  ['description', 'text'],
  ['datasheet_source', 'text'],
  ['ip_rating', 'smallint'],
  ['cleanroom_iso_class', 'smallint'],
  ['food_grade', 'boolean'],
  ['mounting', 'text[]'],
  ['max_speed_mm_s', 'double precision'],
  ['environment', 'boolean'],
  ['offer_price_min', 'integer'],
  ['offer_price_max', 'integer'],
  ['offer_currency', 'text'],
  ['offer_condition', 'text'],
  ['offer_lead_time_weeks', 'integer'],
  ['offer_quantity', 'integer'],
] as const;

/** Filled by matchCatalog: the shared catalog model a row names (never staged by COPY). */
const matchColumn = 'catalog_id uuid';

type StagedColumn = (typeof stagedColumns)[number][0];
type StagedValue = string | number | boolean | readonly string[] | null;

/** The environment fields of migration 0009: a row giving one of them stamps environment_source. */
const environmentKeys = ['ip_rating', 'cleanroom_iso_class', 'food_grade', 'mounting', 'max_speed_mm_s'] as const satisfies ReadonlyArray<keyof ImportedFields>;

/** The optional fields, each staged under its own name (absent: null). */
const fieldColumns = [
  'repeatability_mm', 'weight_kg', 'price_min_usd', 'price_max_usd', 'applications', 'industries', 'description',
  'datasheet_source', 'ip_rating', 'cleanroom_iso_class', 'food_grade', 'mounting', 'max_speed_mm_s',
] as const satisfies ReadonlyArray<keyof ImportedFields & StagedColumn>;

/** The offer columns and the term of StagedOfferTerms each holds. */
const offerTerms = [
  ['offer_price_min', 'price_min'], ['offer_price_max', 'price_max'], ['offer_currency', 'currency'], ['offer_condition', 'condition'],
  ['offer_lead_time_weeks', 'lead_time_weeks'], ['offer_quantity', 'quantity'],
] as const satisfies ReadonlyArray<readonly [StagedColumn, keyof StagedOfferTerms]>;

/**
 * The name of each staged column in a kept row (storedRow): short, since a million kept rows are
 * written and read back as JSON. `v` holds the other makers' key parts (see storedColumnSql).
 * Change them only with bulk-upload.service's VALIDATED_ROWS_VERSION.
 */
const storedNames: Record<Exclude<StagedColumn, 'choice'>, string> = {
  data_row: 'r', key: 'k', variants: 'v', manufacturer: 'mf', model: 'mo', search_text: 'st', compact_text: 'ct', search_country: 'sc',
  file_country: 'fc', category: 'c', new_category: 'nc', payload_kg: 'p', reach_mm: 're', dof: 'd', repeatability_mm: 'rp',
  weight_kg: 'w', price_min_usd: 'pl', price_max_usd: 'ph', applications: 'ap', industries: 'ind', description: 'ds',
  datasheet_source: 'dl', ip_rating: 'ip', cleanroom_iso_class: 'cr', food_grade: 'fg', mounting: 'mt', max_speed_mm_s: 'sp',
  environment: 'e', offer_price_min: 'ol', offer_price_max: 'oh', offer_currency: 'oc', offer_condition: 'od',
  offer_lead_time_weeks: 'ot', offer_quantity: 'oq',
};

/** The record a kept row is read as (json_to_recordset's column list): each staged column under its stored name. */
const storedRecordSql = stagedColumns
  .filter(([name]) => name !== 'choice')
  .map(([name, type]) => `${storedNames[name as Exclude<StagedColumn, 'choice'>]} ${type}`)
  .join(', ');

/** The SQL of a staged column from a kept row `x` (storedRow): the row's own key first, then the other makers' spellings of it. */
function storedColumnSql(name: Exclude<StagedColumn, 'choice'>): string {
  if (name === 'variants') return `array[x.k] || array(select m.part || '|' || split_part(x.k, '|', 2) from unnest(x.v) with ordinality as m(part, n) order by m.n)`;
  if (name === 'new_category') return 'coalesce(x.nc, x.c)';
  if (name === 'environment') return 'coalesce(x.e, false)';
  return `x.${storedNames[name]}`;
}

/**
 * What a row's derived columns take from its maker alone, computed once per maker as written (a
 * million rows name a few dozen makers): robotSearchColumns' maker words, compact prefix and
 * country, and robotKeyVariants' maker keys. Taken from those functions themselves (called with
 * a stand-in model), so search text and key variants keep one definition each.
 */
interface MakerParts {
  /** The unique search words of the maker and its aliases, in order. */
  words: readonly string[];
  /** robotSearchColumns' compactText up to the model's part ("universalrobots ur universal "). */
  compactPrefix: string;
  country: string | null;
  /** The maker's part of each robotKeyVariants key ("ur|", "universalrobots|", "universal|"). */
  keyPrefixes: readonly string[];
}

const makerParts = new Map<string, MakerParts>();

function makerPartsOf(manufacturer: string): MakerParts {
  let parts = makerParts.get(manufacturer);
  if (parts) return parts;
  if (makerParts.size >= 10_000) makerParts.clear();
  const bare = robotSearchColumns({ manufacturer, model: '' });
  const marked = robotSearchColumns({ manufacturer, model: 'x' }).compactText;
  parts = {
    words: bare.searchText ? bare.searchText.split(' ') : [],
    compactPrefix: marked.slice(0, marked.length - 1),
    country: bare.makerCountry,
    keyPrefixes: robotKeyVariants(manufacturer, ''),
  };
  makerParts.set(manufacturer, parts);
  return parts;
}

/** foldText without the Unicode normalization where it changes nothing (ASCII: only the case). */
const NON_ASCII = /[^\t\n\r -~]/;
const fold = (s: string) => (NON_ASCII.test(s) ? foldText(s) : s.toLowerCase());
const WHITESPACE = /\s+/;

/** robotKeyVariants(manufacturer, model), the maker's part computed once per maker. */
export function keyVariantsOf(manufacturer: string, model: string): string[] {
  const modelKey = fold(model).replace(/[^a-z0-9]/g, '');
  return makerPartsOf(manufacturer).keyPrefixes.map((p) => p + modelKey);
}

/**
 * robotSearchColumns' searchText, compactText and makerCountry of a staged row (equal to it, see
 * robot-import.test.ts), with the maker's part computed once per maker and the model folded once;
 * and the row's key variants (robotKeyVariants) from the same folded model.
 */
export function stagedSearchColumns(input: { manufacturer: string; model: string; category?: string | null; applications?: readonly string[] | null; industries?: readonly string[] | null }): {
  searchText: string;
  compactText: string;
  makerCountry: string | null;
  variants: string[];
} {
  const maker = makerPartsOf(input.manufacturer);
  const model = fold(input.model);
  const seen = new Set(maker.words);
  let searchText = maker.words.join(' ');
  const addWords = (text: string) => {
    for (const w of text.split(WHITESPACE)) {
      if (!w || seen.has(w)) continue;
      seen.add(w);
      searchText = searchText ? `${searchText} ${w}` : w;
    }
  };
  addWords(model);
  addWords(model.replace(/[^a-z0-9]+/g, ' '));
  if (input.category) addWords(fold(input.category));
  for (const a of input.applications ?? []) addWords(fold(a).replace(/-/g, ' '));
  for (const a of input.industries ?? []) addWords(fold(a).replace(/-/g, ' '));
  const modelKey = model.replace(/[^a-z0-9]/g, '');
  return {
    searchText,
    compactText: `${maker.compactPrefix}${modelKey}`.trim(),
    makerCountry: maker.country,
    variants: maker.keyPrefixes.map((p) => p + modelKey),
  };
}

/**
 * One staged row. The search columns are those of a new robot (the file's category, else the
 * inferred one; the file's applications and industries); a row that updates a robot whose
 * kept values would change them is recomputed before the upsert (fixSearchColumns).
 */
function stagedValues(r: StagedRobot): Record<StagedColumn, StagedValue> {
  const f = r.fields ?? {};
  const newCategory = f.category ?? inferCategory(r);
  const search = stagedSearchColumns({ manufacturer: r.manufacturer, model: r.model, category: newCategory, applications: f.applications, industries: f.industries });
  const out: Partial<Record<StagedColumn, StagedValue>> = {
    data_row: r.row,
    key: r.key,
    // The row's own key first: the catalog model it names exactly wins over an alias spelling (as findCatalogModelsFor).
    variants: [r.key, ...search.variants.filter((k) => k !== r.key)],
    choice: r.choice,
    manufacturer: r.manufacturer,
    model: r.model,
    search_text: search.searchText,
    compact_text: search.compactText,
    search_country: search.makerCountry,
    file_country: f.maker_country ?? null,
    category: f.category ?? null,
    new_category: newCategory,
    payload_kg: r.payload_kg,
    reach_mm: r.reach_mm,
    dof: r.dof,
    environment: environmentKeys.some((k) => f[k] !== undefined),
  };
  for (const c of fieldColumns) out[c] = f[c] ?? null;
  const o = r.offer ?? {};
  out.offer_price_min = o.price_min ?? null;
  out.offer_price_max = o.price_max ?? null;
  out.offer_currency = o.currency ?? null;
  out.offer_condition = o.condition ?? null;
  out.offer_lead_time_weeks = o.lead_time_weeks ?? null;
  out.offer_quantity = o.quantity ?? null;
  return out as Record<StagedColumn, StagedValue>;
}

/** COPY's text format: backslash, tab, newline and carriage return escaped; null is \N. */
const copyText = (s: string) => s.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
const arrayLiteral = (list: readonly string[]) => `{${list.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

function copyField(v: StagedValue): string {
  if (v === null) return '\\N';
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return copyText(v);
  return copyText(arrayLiteral(v));
}

const columnNames = stagedColumns.map(([name]) => name).join(', ');

/** The raw node-postgres client of a Drizzle transaction on PostgreSQL (COPY needs it); null on PGlite. */
function pgClientOf(tx: Database): pg.ClientBase | null {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? client : null;
}

/** Rows per INSERT on PGlite (one JSON parameter each, so no parameter limit applies). */
const PGLITE_STAGE_ROWS = 2000;

export class RobotImportStage {
  private staged = 0;

  private constructor(private readonly tx: Database) {}

  /** Creates the staging table in `tx` (dropped at commit or rollback). */
  static async open(tx: Database): Promise<RobotImportStage> {
    await tx.execute(sql.raw(`create temporary table robot_import_rows (${stagedColumns.map(([n, t]) => `${n} ${t}`).join(', ')}, ${matchColumn}) on commit drop`));
    return new RobotImportStage(tx);
  }

  get size(): number {
    return this.staged;
  }

  /** Stages rows: one COPY FROM STDIN per call on PostgreSQL, multi-row INSERTs on PGlite. */
  async add(rows: readonly StagedRobot[]): Promise<void> {
    if (!rows.length) return;
    this.staged += rows.length;
    const client = pgClientOf(this.tx);
    if (client) {
      let text = '';
      for (const r of rows) {
        const v = stagedValues(r);
        text += `${stagedColumns.map(([name]) => copyField(v[name])).join('\t')}\n`;
      }
      await new Promise<void>((resolve, reject) => {
        const sink = client.query(copyStreams.from(`copy robot_import_rows (${columnNames}) from stdin`));
        sink.on('finish', () => resolve());
        sink.on('error', reject);
        sink.end(text);
      });
      return;
    }
    for (let i = 0; i < rows.length; i += PGLITE_STAGE_ROWS) {
      const json = JSON.stringify(rows.slice(i, i + PGLITE_STAGE_ROWS).map(stagedValues), (_k, value: unknown) => (value === null ? undefined : value));
      await this.tx.execute(sql`insert into robot_import_rows (${sql.raw(columnNames)})
        select ${sql.raw(columnNames)} from json_to_recordset(${json}::json) as x(${sql.raw(stagedColumns.map(([n, t]) => `${n} ${t}`).join(', '))})`);
    }
  }

  /**
   * A valid row as the validate step keeps it for the import (issue 14: one validation pass):
   * the staged columns but `choice` (the import's request decides it), as one JSON object under
   * short names (storedNames), written straight from the row: null columns left out, `environment`
   * only when true, `new_category` only when it is not the file's category, and of the key
   * variants only the other makers' parts (the row's own key and the model's part are in `k`).
   * storedColumnsSql reads these back in SQL.
   */
  static storedRow(r: Omit<StagedRobot, 'choice'>): string {
    const f = r.fields ?? {};
    const newCategory = f.category ?? inferCategory(r);
    const search = stagedSearchColumns({ manufacturer: r.manufacturer, model: r.model, category: newCategory, applications: f.applications, industries: f.industries });
    let out = `{"r":${r.row},"k":${JSON.stringify(r.key)}`;
    let others = '';
    for (const v of search.variants) {
      if (v === r.key) continue;
      const bar = v.indexOf('|');
      others += `${others ? ',' : ''}${JSON.stringify(v.slice(0, bar))}`;
    }
    if (others) out += `,"v":[${others}]`;
    out += `,"mf":${JSON.stringify(r.manufacturer)},"mo":${JSON.stringify(r.model)},"st":${JSON.stringify(search.searchText)},"ct":${JSON.stringify(search.compactText)}`;
    if (search.makerCountry !== null) out += `,"sc":${JSON.stringify(search.makerCountry)}`;
    if (f.maker_country !== undefined) out += `,"fc":${JSON.stringify(f.maker_country)}`;
    if (f.category !== undefined) out += `,"c":${JSON.stringify(f.category)}`;
    else out += `,"nc":${JSON.stringify(newCategory)}`;
    out += `,"p":${JSON.stringify(r.payload_kg)},"re":${JSON.stringify(r.reach_mm)}`;
    if (r.dof !== null) out += `,"d":${r.dof}`;
    for (const c of fieldColumns) {
      const value = f[c];
      if (value !== undefined && value !== null) out += `,"${storedNames[c]}":${JSON.stringify(value)}`;
    }
    if (environmentKeys.some((k) => f[k] !== undefined)) out += ',"e":true';
    const o = r.offer;
    if (o) {
      for (const [c, term] of offerTerms) {
        const value = o[term];
        if (value !== undefined && value !== null) out += `,"${storedNames[c]}":${JSON.stringify(value)}`;
      }
    }
    return `${out}}`;
  }

  /**
   * Stages rows kept by the validate step, set-based: `bodies` is a query of one `body`
   * column, each a JSON array of storedRow objects; nothing passes through the API. Every row
   * gets `fallback` as its choice, then the per-row choices are applied. Returns the rows staged.
   */
  async addStored(bodies: SQL, fallback: StagedChoice, choices: ReadonlyMap<number, StagedChoice>): Promise<number> {
    const staged = stagedColumns.filter(([name]) => name !== 'choice');
    const names = staged.map(([name]) => name).join(', ');
    const [row] = await queryRows<{ n: number | string }>(
      this.tx,
      sql`with ins as (
        insert into robot_import_rows (${sql.raw(names)}, choice)
        select ${sql.raw(staged.map(([name]) => storedColumnSql(name as Exclude<StagedColumn, 'choice'>)).join(', '))}, ${fallback}::text
        from (${bodies}) as b(body) cross join lateral json_to_recordset(b.body::json) as x(${sql.raw(storedRecordSql)})
        returning 1
      ) select count(*)::int as n from ins`,
    );
    const n = Number(row?.n ?? 0);
    this.staged += n;
    const overrides = [...choices].filter(([, choice]) => choice !== fallback).map(([data_row, choice]) => ({ data_row, choice }));
    if (overrides.length) {
      await this.tx.execute(sql`update robot_import_rows s set choice = x.choice
        from json_to_recordset(${JSON.stringify(overrides)}::json) as x(data_row integer, choice text) where s.data_row = x.data_row`);
    }
    return n;
  }

  /**
   * How many rows kept by the validate step (storedRow, see addStored) name a shared catalog
   * model (listed, owner_id null; the row's key or a maker-alias spelling, as findCatalogModelsFor
   * and matchCatalog), in total and by the choice the import would make: one statement.
   */
  static async countCatalogMatches(tx: Database, bodies: SQL, fallback: StagedChoice, choices: ReadonlyMap<number, StagedChoice>): Promise<{ total: number } & Record<StagedChoice, number>> {
    const overrides = JSON.stringify([...choices].map(([data_row, choice]) => ({ data_row, choice })));
    const [row] = await queryRows<Record<string, string | number>>(
      tx,
      sql`with k as (
        select x.r as data_row, ${sql.raw(storedColumnSql('variants'))} as variants
        from (${bodies}) as b(body) cross join lateral json_to_recordset(b.body::json) as x(r integer, k text, v text[])
      ), m as (
        select coalesce(o.choice, ${fallback}::text) as choice
        from k left join json_to_recordset(${overrides}::json) as o(data_row integer, choice text) on o.data_row = k.data_row
        where exists (select 1 from robots r where r.owner_id is null and r.listed and r.normalized_key = any(k.variants))
      )
      select count(*)::int as total, count(*) filter (where choice = 'attach')::int as attach,
             count(*) filter (where choice = 'private_copy')::int as private_copy, count(*) filter (where choice = 'skip')::int as skip
      from m`,
    );
    const n = (k: string) => Number(row?.[k] ?? 0);
    return { total: n('total'), attach: n('attach'), private_copy: n('private_copy'), skip: n('skip') };
  }

  /** After the last add: the planner learns the table's size (temporary tables are never auto-analyzed). */
  async analyze(): Promise<void> {
    await this.tx.execute(sql`analyze robot_import_rows`);
  }

  /**
   * Matches every staged row with the shared catalog (owner_id null and listed; the row's own
   * key first, then its maker-alias spellings, as findCatalogModelsFor) before anything is
   * written, so a model a supplier's import contributes is never taken for a match.
   */
  async matchCatalog(): Promise<void> {
    await this.tx.execute(sql`update robot_import_rows s set catalog_id = c.id
      from robot_import_rows t cross join lateral (
        select r.id from unnest(t.variants) with ordinality as v(k, n)
        join robots r on r.owner_id is null and r.normalized_key = v.k and r.listed
        order by v.n limit 1
      ) c
      where s.data_row = t.data_row`);
  }

  /**
   * The search columns of rows that update a robot whose kept category, applications or
   * industries differ from what the staged columns assumed (the file leaves them empty):
   * recomputed here with robotSearchColumns, so search text has one definition. Usually none.
   */
  async fixSearchColumns(ownerId: string): Promise<void> {
    const stale = await queryRows<{ data_row: number; manufacturer: string; model: string; category: string; applications: string[]; industries: string[] }>(
      this.tx,
      sql`select s.data_row, s.manufacturer, s.model, coalesce(s.category, e.category) as category,
                 coalesce(s.applications, e.applications) as applications, coalesce(s.industries, e.industries) as industries
          from robot_import_rows s join robots e on e.owner_id = ${ownerId}::uuid and e.normalized_key = s.key
          where (s.category is null and e.category <> s.new_category)
             or (s.applications is null and e.applications <> '{}') or (s.industries is null and e.industries <> '{}')`,
    );
    for (let i = 0; i < stale.length; i += PGLITE_STAGE_ROWS) {
      const fixed = stale.slice(i, i + PGLITE_STAGE_ROWS).map((r) => {
        const search = robotSearchColumns(r);
        return { data_row: r.data_row, search_text: search.searchText, compact_text: search.compactText };
      });
      await this.tx.execute(sql`update robot_import_rows s set search_text = x.search_text, compact_text = x.compact_text
        from json_to_recordset(${JSON.stringify(fixed)}::json) as x(data_row integer, search_text text, compact_text text)
        where s.data_row = x.data_row`);
    }
  }

  /**
   * The importer's own robots, in one statement: rows naming no shared catalog model (when
   * `own`) and rows kept as private copies are inserted (listed: `listed` for own rows, never
   * for copies), updated when a value differs (a field the file leaves empty keeps the
   * robot's value) or counted unchanged; attached rows are recorded, skipped ones counted.
   * Only robots of `ownerId` are read or written.
   */
  async upsertOwned(ownerId: string, options: { own: boolean; listed: boolean; source: string; dofAssumed: number; record: RecordImportRobots }): Promise<StagedImportCounts> {
    const owner = sql`${ownerId}::uuid`;
    const [row] = await queryRows<Record<string, string | number>>(
      this.tx,
      sql`with m as (${matchedRows()}),
      w as (
        select m.*, m.catalog_id is not null as copy, e.id as target_id, e.id is not null and (${changedSql}) as changed
        from m left join robots e on e.owner_id = ${owner} and e.normalized_key = m.key
        where ${options.own ? sql`m.catalog_id is null or ` : sql``}(m.catalog_id is not null and m.choice = 'private_copy')
      ),
      ins as (
        ${insertRobotsFrom('w', { owner, contributedBy: null, listed: sql`case when w.copy then false else ${options.listed} end`, source: options.source, dofAssumed: options.dofAssumed })}
        from w where w.target_id is null
        returning id
      ),
      upd as (
        update robots r set manufacturer = w.manufacturer, model = w.model, search_text = w.search_text, compact_text = w.compact_text,
               maker_country = coalesce(w.search_country, w.file_country, r.maker_country), category = coalesce(w.category, r.category),
               payload_kg = w.payload_kg, reach_mm = w.reach_mm, dof = coalesce(w.dof, r.dof),
               repeatability_mm = coalesce(w.repeatability_mm, r.repeatability_mm), weight_kg = coalesce(w.weight_kg, r.weight_kg),
               price_min_usd = coalesce(w.price_min_usd, r.price_min_usd), price_max_usd = coalesce(w.price_max_usd, r.price_max_usd),
               applications = coalesce(w.applications, r.applications), industries = coalesce(w.industries, r.industries),
               description = coalesce(w.description, r.description), datasheet_source = coalesce(w.datasheet_source, r.datasheet_source),
               ip_rating = coalesce(w.ip_rating, r.ip_rating), cleanroom_iso_class = coalesce(w.cleanroom_iso_class, r.cleanroom_iso_class),
               food_grade = coalesce(w.food_grade, r.food_grade), mounting = coalesce(w.mounting, r.mounting),
               max_speed_mm_s = coalesce(w.max_speed_mm_s, r.max_speed_mm_s),
               environment_source = case when w.environment then ${options.source} else r.environment_source end,
               updated_at = now()
        from w where r.id = w.target_id and w.changed and r.owner_id = ${owner}
        returning r.id
      ),
      rec as (${options.record(sql`select id as robot_id from ins
        union all select target_id from w where target_id is not null
        union all select catalog_id from m where catalog_id is not null and choice = 'attach'`)})
      select
        (select count(*) from w where not copy and target_id is null)::int as inserted,
        (select count(*) from w where not copy and changed)::int as updated,
        (select count(*) from w where not copy and target_id is not null and not changed)::int as unchanged,
        (select count(*) from w where copy)::int as private_copies,
        (select count(*) from m where catalog_id is not null and choice = 'attach')::int as attached,
        (select count(*) from m where catalog_id is not null and choice = 'skip')::int as skipped,
        (select count(*) from ins)::int + (select count(*) from upd)::int as written`,
    );
    return countsOf(row);
  }

  /**
   * A supplier's import (docs/decisions.md, "A supplier's bulk upload makes offers"): models the
   * catalog lacks are added as models the supplier contributed, then one statement writes the
   * supplier's offer on the model of each own row and of each attached row, in the row's
   * condition (new when not given; the last row naming a model in a condition wins), with the
   * row's price, currency, lead time and quantity (a term the row leaves empty keeps the existing
   * offer's; the currency changes only with a price), keeps private copies as the supplier's
   * unlisted robots, records everything and counts offers as inserted / updated / unchanged.
   */
  async upsertOffers(supplierId: string, options: { source: string; dofAssumed: number; record: RecordImportRobots }): Promise<StagedImportCounts> {
    const supplier = sql`${supplierId}::uuid`;
    // Models the catalog lacks (no shared robot under the row's key, listed or not): contributed by the supplier.
    await this.tx.execute(sql`with m as (${matchedRows()})
      ${insertRobotsFrom('m', { owner: null, contributedBy: supplier, listed: sql`true`, source: options.source, dofAssumed: options.dofAssumed })}
      from m where m.catalog_id is null
        and not exists (select 1 from robots r where r.owner_id is null and r.normalized_key = m.key)
      on conflict do nothing`);
    const copies = await this.upsertOwned(supplierId, { own: false, listed: false, source: options.source, dofAssumed: options.dofAssumed, record: options.record });
    const [row] = await queryRows<Record<string, string | number>>(
      this.tx,
      sql`with m as (${matchedRows()}),
      picked as (
        select distinct on (robot_id, condition) * from (
          select r.id as robot_id, true as own, m.data_row, coalesce(m.offer_condition, 'new') as condition,
                 coalesce(m.offer_price_min, m.price_min_usd) as price_min, coalesce(m.offer_price_max, m.price_max_usd) as price_max,
                 m.offer_currency, m.offer_lead_time_weeks, m.offer_quantity, m.description, ${snapshotSql(options.source)} as snapshot
          from m join robots r on r.owner_id is null and r.normalized_key = m.key where m.catalog_id is null
          union all
          select m.catalog_id, false, m.data_row, coalesce(m.offer_condition, 'new'),
                 coalesce(m.offer_price_min, m.price_min_usd), coalesce(m.offer_price_max, m.price_max_usd),
                 m.offer_currency, m.offer_lead_time_weeks, m.offer_quantity, m.description, ${snapshotSql(options.source)}
          from m where m.catalog_id is not null and m.choice = 'attach'
        ) x order by robot_id, condition, data_row desc
      ),
      -- The terms as the offer will hold them: the row's, else the existing offer's (its currency changes only with a price).
      src as (
        select p.robot_id, p.own, p.condition, p.description, p.snapshot,
               coalesce(p.price_min, o.price_min) as price_min, coalesce(p.price_max, o.price_max) as price_max,
               case when p.price_min is not null then coalesce(p.offer_currency, 'USD') else coalesce(o.currency, p.offer_currency, 'USD') end as currency,
               coalesce(p.offer_lead_time_weeks, o.lead_time_weeks) as lead_time_weeks, coalesce(p.offer_quantity, o.quantity) as quantity
        from picked p left join offers o on o.supplier_id = ${supplier} and o.robot_id = p.robot_id and o.condition = p.condition
      ),
      written as (
        insert into offers (supplier_id, robot_id, price_min, price_max, currency, condition, lead_time_weeks, quantity, notes, status, listing_snapshot)
        select ${supplier}, src.robot_id, src.price_min, src.price_max, src.currency, src.condition, src.lead_time_weeks, src.quantity,
               coalesce(src.description, ''), 'active', src.snapshot
        from src
        on conflict (supplier_id, robot_id, condition) do update set
          price_min = excluded.price_min,
          price_max = excluded.price_max,
          currency = excluded.currency,
          lead_time_weeks = excluded.lead_time_weeks,
          quantity = excluded.quantity,
          notes = case when excluded.notes = '' then offers.notes else excluded.notes end,
          listing_snapshot = excluded.listing_snapshot,
          updated_at = now()
        where (offers.price_min, offers.price_max, offers.currency, offers.lead_time_weeks, offers.quantity, offers.notes) is distinct from
              (excluded.price_min, excluded.price_max, excluded.currency, excluded.lead_time_weeks, excluded.quantity,
               case when excluded.notes = '' then offers.notes else excluded.notes end)
        returning robot_id, condition, (xmax = 0) as inserted
      ),
      rec as (${options.record(sql`select distinct robot_id from src`)})
      select
        (select count(*) from written w join src using (robot_id, condition) where src.own and w.inserted)::int as inserted,
        (select count(*) from written w join src using (robot_id, condition) where src.own and not w.inserted)::int as updated,
        (select count(*) from m where m.catalog_id is null)::int as own_rows,
        (select count(*) from m where catalog_id is not null and choice = 'attach')::int as attached,
        (select count(*) from m where catalog_id is not null and choice = 'skip')::int as skipped`,
    );
    const inserted = Number(row?.inserted ?? 0);
    const updated = Number(row?.updated ?? 0);
    return {
      inserted,
      updated,
      unchanged: Number(row?.own_rows ?? 0) - inserted - updated,
      attached: Number(row?.attached ?? 0),
      privateCopies: copies.privateCopies,
      skippedMatches: Number(row?.skipped ?? 0),
    };
  }
}

/** The staged rows, with the catalog model each names (matchCatalog). */
/**
 * `insert into robots (...) select ... from <rows>` for staged rows named `rows` (a CTE of
 * matchedRows' shape): the one list of what a new robot gets from its staged row. The caller
 * adds the `where` (and any `returning` / `on conflict`).
 */
function insertRobotsFrom(rows: 'm' | 'w', who: { owner: SQL | null; contributedBy: SQL | null; listed: SQL; source: string; dofAssumed: number }): SQL {
  const r = sql.raw(rows);
  return sql`insert into robots (manufacturer, model, normalized_key, search_text, compact_text, maker_country, category, payload_kg, reach_mm, dof,
                      owner_id, contributed_by, listed, status, datasheet_source,
                      repeatability_mm, weight_kg, price_min_usd, price_max_usd, applications, industries, description,
                      ip_rating, cleanroom_iso_class, food_grade, mounting, max_speed_mm_s, environment_source)
    select ${r}.manufacturer, ${r}.model, ${r}.key, ${r}.search_text, ${r}.compact_text, coalesce(${r}.search_country, ${r}.file_country), ${r}.new_category,
           ${r}.payload_kg, ${r}.reach_mm, coalesce(${r}.dof, ${who.dofAssumed}::integer),
           ${who.owner ?? sql`null`}, ${who.contributedBy ?? sql`null`}, ${who.listed}, 'active', coalesce(${r}.datasheet_source, ${who.source}),
           ${r}.repeatability_mm, ${r}.weight_kg, ${r}.price_min_usd, ${r}.price_max_usd, coalesce(${r}.applications, '{}'), coalesce(${r}.industries, '{}'),
           coalesce(${r}.description, ''), ${r}.ip_rating, ${r}.cleanroom_iso_class, ${r}.food_grade, ${r}.mounting, ${r}.max_speed_mm_s,
           case when ${r}.environment then ${who.source} end`;
}

function matchedRows(): SQL {
  return sql`select * from robot_import_rows`;
}

/** A staged row (w) differs from the robot it names (e): the same test as planRobotImport's. */
const changedSql = sql`e.manufacturer <> m.manufacturer or e.model <> m.model
  or abs(e.payload_kg - m.payload_kg) >= 1e-9 or abs(e.reach_mm - m.reach_mm) >= 1e-9 or e.dof <> coalesce(m.dof, e.dof)
  or (m.category is not null and m.category <> e.category)
  or (m.repeatability_mm is not null and (e.repeatability_mm is null or abs(e.repeatability_mm - m.repeatability_mm) >= 1e-9))
  or (m.weight_kg is not null and (e.weight_kg is null or abs(e.weight_kg - m.weight_kg) >= 1e-9))
  or (m.price_min_usd is not null and m.price_min_usd is distinct from e.price_min_usd)
  or (m.price_max_usd is not null and m.price_max_usd is distinct from e.price_max_usd)
  or (m.applications is not null and m.applications is distinct from e.applications)
  or (m.industries is not null and m.industries is distinct from e.industries)
  or (m.description is not null and m.description <> e.description)
  or (m.datasheet_source is not null and m.datasheet_source is distinct from e.datasheet_source)
  or (m.ip_rating is not null and m.ip_rating is distinct from e.ip_rating)
  or (m.cleanroom_iso_class is not null and m.cleanroom_iso_class is distinct from e.cleanroom_iso_class)
  or (m.food_grade is not null and m.food_grade is distinct from e.food_grade)
  or (m.mounting is not null and m.mounting is distinct from e.mounting)
  or (m.max_speed_mm_s is not null and (e.max_speed_mm_s is null or abs(e.max_speed_mm_s - m.max_speed_mm_s) >= 1e-9))
  or (m.file_country is not null and m.file_country is distinct from e.maker_country)`;

/** The row as the supplier sent it, kept with the offer (listing_snapshot). */
function snapshotSql(source: string): SQL {
  return sql`(jsonb_build_object('manufacturer', m.manufacturer, 'model', m.model, 'payload_kg', m.payload_kg, 'reach_mm', m.reach_mm, 'dof', m.dof)
    || jsonb_strip_nulls(jsonb_build_object('category', m.category, 'repeatability_mm', m.repeatability_mm, 'weight_kg', m.weight_kg,
         'price_min_usd', m.price_min_usd, 'price_max_usd', m.price_max_usd, 'applications', m.applications, 'industries', m.industries,
         'description', m.description, 'datasheet_source', m.datasheet_source, 'ip_rating', m.ip_rating, 'cleanroom_iso_class', m.cleanroom_iso_class,
         'food_grade', m.food_grade, 'mounting', m.mounting, 'max_speed_mm_s', m.max_speed_mm_s, 'maker_country', m.file_country))
    || jsonb_build_object('via', ${source}::text))`;
}

function countsOf(row: Record<string, string | number> | undefined): StagedImportCounts {
  const n = (k: string) => Number(row?.[k] ?? 0);
  return { inserted: n('inserted'), updated: n('updated'), unchanged: n('unchanged'), attached: n('attached'), privateCopies: n('private_copies'), skippedMatches: n('skipped') };
}
