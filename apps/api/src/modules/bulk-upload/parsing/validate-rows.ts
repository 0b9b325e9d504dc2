import { BULK_REQUIRED_FIELDS, bulkLimits, isBulkOfferField, makerCountryOfKey, type BulkMappings, type BulkTargetField, type BulkUnit, type BulkValidEntry } from '@cellforge/contracts';
import { normalizeRobotKey } from '@cellforge/db';
import { AppError } from '../../../lib/errors';
import { defined, nth } from '../../../lib/invariants';
import { KeyRows } from './key-rows';
import { sheetRowOf, type Cell, type SheetRows } from './table';
import type { ImportedFields } from '../../catalog';
import {
  currencyOfText,
  foreignCurrencyOf,
  leadTimeUnitFromHeader,
  readCategory,
  readCondition,
  readCurrency,
  readLeadTime,
  readOfferPrice,
  readOfferQuantity,
  readCleanroomClass,
  readCountry,
  readIpRating,
  readList,
  readMounting,
  readPrice,
  readSpeed,
  readText,
  readYesNo,
  speedUnitFromHeader,
} from './field-values';
import {
  countDecimalVotes,
  decideDecimalStyle,
  formatNumber,
  parseQuantityCell,
  roundFor,
  toBaseUnit,
  unitFactors,
  unitFromHeader,
  type DecimalStyle,
  type DecimalVotes,
  type Quantity,
} from './units';

/** A row that can be imported; payload in kg and reach in mm. */
export interface ValidRow {
  row: number;
  /** The row as the spreadsheet numbers it (title, header and blank rows counted); messages use it. */
  sheet_row: number;
  manufacturer: string;
  model: string;
  payload_kg: number;
  reach_mm: number;
  /** null: not given (6 is assumed on insert; an existing robot keeps its value). */
  dof: number | null;
  /** The other mapped fields the row gives, as robots stores them (absent: not mapped or empty). */
  fields: ImportedFields;
  warnings: string[];
  /** The kind of each warning, aligned with `warnings` ("payload converted from lb to kg"): counted per kind over the file. */
  warningKinds: string[];
  /** normalizeRobotKey(manufacturer, model): the upsert key. */
  key: string;
  /** Each warning with the column it is about (null: the row as a whole), aligned with `warnings`. */
  cell_warnings: CellMessage[];
  /** A supplier's row: the offer's terms it gives (contracts' offer fields; the price in `currency`). Absent for integrators. */
  offer?: OfferTerms;
}

/** The terms of the offer a supplier's row makes, as offers stores them; a term the row does not give is absent. */
export type OfferTerms = NonNullable<BulkValidEntry['offer']>;

/** A message with the column whose cell causes it (null: the row as a whole). */
export interface CellMessage {
  column: string | null;
  message: string;
}

export interface RowError {
  row_index: number;
  sheet_row: number;
  errors: string[];
  /** Each error with its column, aligned with `errors`. */
  cell_errors: CellMessage[];
  /** The warnings the row would carry too. */
  cell_warnings: CellMessage[];
}

/** Records one warning of a row: its kind (counted over the file) and its text. */
type Warn = (kind: string, text: string) => void;

export interface ValidationOutcome {
  valid: ValidRow[];
  errors: RowError[];
  warningCount: number;
}

/** Mappings checked against the file's columns: target -> column index. */
export type ResolvedMappings = Partial<Record<BulkTargetField, { index: number; column: string }>>;

const MAX_TEXT = 120;

/** The fields read as a mass or a length, with a unit from the cell or the header. */
const quantityOf: Partial<Record<BulkTargetField, Quantity>> = { payload_kg: 'mass', reach_mm: 'length', weight_kg: 'mass', repeatability_mm: 'length' };

/**
 * Checks the mappings against the columns: every named column must exist, each target
 * is used once, and manufacturer, model, payload_kg and reach_mm must be mapped.
 * Problems are one 400 VALIDATION_FAILED whose details name each mapping.
 */
export function resolveMappings(columns: readonly string[], mappings: BulkMappings, options: { offers?: boolean } = {}): ResolvedMappings {
  const details: Record<string, string[]> = {};
  const resolved: ResolvedMappings = {};
  const position = new Map(columns.map((c, i) => [c, i]));
  const shown = columns.slice(0, 12).map((c) => `"${c}"`).join(', ') + (columns.length > 12 ? ', ...' : '');
  for (const [column, target] of Object.entries(mappings)) {
    const index = position.get(column);
    if (index === undefined) {
      (details[`mappings.${column}`] ??= []).push(`Unknown column "${column}": the file's columns are ${shown}`);
      continue;
    }
    if (target === null) continue;
    const taken = resolved[target];
    if (taken) {
      (details[`mappings.${column}`] ??= []).push(`${target} is already mapped from the column "${taken.column}"; map each field from one column`);
      continue;
    }
    const unit = unitFromHeader(column);
    const quantity: Quantity | null = quantityOf[target] ?? null;
    if (unit && quantity && unitFactors[unit].quantity !== quantity) {
      (details[`mappings.${column}`] ??= []).push(
        `The column "${column}" is in ${unit}, which is not a ${quantity}; is it mapped to the right field (${target})?`,
      );
      continue;
    }
    if (isBulkOfferField(target) && !options.offers) {
      (details[`mappings.${column}`] ??= []).push(`${target} is a term of a supplier's offer: an integrator's import keeps robots, not offers; set "${column}" to Ignore`);
      continue;
    }
    // A supplier's price is the offer's, in its own currency ("Preis (EUR)"); the catalog's price is USD only.
    const currency = target === 'price_usd' && !options.offers ? foreignCurrencyOf(column) : null;
    if (currency) {
      (details[`mappings.${column}`] ??= []).push(`The column "${column}" is in ${currency}; the catalog stores prices in USD (price_usd)`);
      continue;
    }
    resolved[target] = { index, column };
  }
  for (const target of BULK_REQUIRED_FIELDS) {
    if (!resolved[target] && !Object.values(mappings).includes(target)) {
      (details[target] ??= []).push(`Map a column to ${target}: a robot cannot be imported without it`);
    }
  }
  const keys = Object.keys(details);
  if (keys.length) {
    const first = defined(Object.values(details).flat()[0], 'a message for a mapping problem');
    throw new AppError('VALIDATION_FAILED', `Check the column mappings: ${first}${keys.length > 1 ? ` (and ${keys.length - 1} more)` : ''}`, details);
  }
  return resolved;
}

function textOf(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  return String(cell).replace(/\s+/g, ' ').trim();
}

interface QuantityColumn {
  index: number;
  headerUnit: BulkUnit | null;
  style: DecimalStyle | null;
}

interface ColumnStyles {
  /** Decimal-mark votes per column index (from parse time, or counted from in-memory rows). */
  votes: ReadonlyArray<DecimalVotes | null | undefined>;
  /** The file's own hint (';' CSVs: comma). */
  hint: DecimalStyle | null;
}

/**
 * The decimal mark of a numeric column: its own values decide when they can; else the
 * numeric columns together (a file uses one locale: "1.300,5" in payload settles
 * "2.600" in reach); else the file's hint.
 */
function quantityColumn(mapped: { index: number; column: string } | undefined, styles: ColumnStyles, fileStyle: DecimalStyle | null): QuantityColumn | null {
  if (!mapped) return null;
  return { index: mapped.index, headerUnit: unitFromHeader(mapped.column), style: decideDecimalStyle(styles.votes[mapped.index]) ?? fileStyle };
}

/** Decimal-mark votes of every column of in-memory rows. */
export function columnDecimalVotes(rows: readonly Cell[][], width: number): DecimalVotes[] {
  const votes = Array.from({ length: width }, () => ({ comma: 0, point: 0 }));
  for (const row of rows) addDecimalVotes(votes, row, width);
  return votes;
}

const one: Cell[] = [null];

/** Adds one row's decimal-mark votes to `votes` (one entry per column, created as needed up to `width`). */
export function addDecimalVotes(votes: DecimalVotes[], row: readonly Cell[], width = row.length): void {
  const n = Math.min(width, row.length);
  for (let i = 0; i < n; i += 1) {
    const v = row[i];
    // Only text with a digit and a mark can vote; skip the rest without allocating.
    if (typeof v !== 'string' || (v.indexOf(',') < 0 && v.indexOf('.') < 0) || !/\d/.test(v)) continue;
    one[0] = v;
    countDecimalVotes(one, (votes[i] ??= { comma: 0, point: 0 }));
  }
}

const labels = { mass: 'payload', length: 'reach' } as const;
const baseUnits = { mass: 'kg', length: 'mm' } as const;

function readQuantity(
  cell: Cell | undefined,
  col: QuantityColumn,
  quantity: Quantity,
  rowNo: number,
  errors: string[],
  warn: Warn,
  label: string = labels[quantity],
): { value: number; explicitUnit: boolean } | null {
  const base = baseUnits[quantity];
  const parsed = parseQuantityCell(cell ?? null, col.style);
  if (!parsed.ok) {
    if (parsed.reason === 'empty') errors.push(`${label} is missing`);
    else if (parsed.reason === 'unknown-unit') errors.push(`${label} "${parsed.text}" has a unit we do not know (use ${quantity === 'mass' ? 'kg, lb, g or t' : 'mm, cm, m, in or ft'})`);
    else errors.push(`${label} "${parsed.text}" is not a number`);
    return null;
  }
  const unit = parsed.unit ?? col.headerUnit ?? base;
  const converted = toBaseUnit(parsed.value, unit, quantity);
  if (converted === null) {
    errors.push(`${label} "${parsed.text}" is ${quantity === 'mass' ? 'a length' : 'a mass'}, not a ${quantity}`);
    return null;
  }
  let value = converted;
  if (unit !== base) {
    value = roundFor(quantity, converted);
    value = label === 'repeatability' ? Math.round(converted * 1000) / 1000 : value;
    warn(`${label} converted from ${unit} to ${base}`, `Row ${rowNo}: ${label} ${formatNumber(parsed.value)} ${unit} converted to ${formatNumber(value)} ${base}`);
  }
  return { value, explicitUnit: parsed.unit !== null || col.headerUnit !== null };
}

function checkPayload(value: number, rowNo: number, errors: string[], warn: Warn): void {
  const l = bulkLimits.payloadKg;
  if (!(value > l.min) || value > l.max) errors.push(`payload ${formatNumber(value)} kg is outside the plausible range (more than ${l.min} and at most ${l.max} kg)`);
  else if (value > l.warnAbove) warn(`payload unusually high (over ${l.warnAbove} kg)`, `Row ${rowNo}: payload ${formatNumber(value)} kg is unusually high (over ${l.warnAbove} kg); please check it`);
}

function checkReach(value: number, rowNo: number, explicitUnit: boolean, errors: string[], warn: Warn): void {
  const l = bulkLimits.reachMm;
  if (value < l.min || value > l.max) {
    const hint = !explicitUnit && value < l.min ? ' — is the column in metres? Name it "Reach (m)" or write "1.3 m"' : '';
    errors.push(`reach ${formatNumber(value)} mm is outside the plausible range (${l.min} to ${l.max.toLocaleString('en-US')} mm)${hint}`);
  } else if (value < l.warnBelow) warn(`reach unusually short (under ${l.warnBelow} mm)`, `Row ${rowNo}: reach ${formatNumber(value)} mm is unusually short (under ${l.warnBelow} mm); please check it`);
}

function readDof(cell: Cell | undefined, rowNo: number, errors: string[], warn: Warn): number | null {
  const l = bulkLimits.dof;
  const text = textOf(cell);
  if (!text || /^(n\/?a|-|—|null|none)$/i.test(text)) {
    warn(`axes (dof) not given: ${l.assumed} assumed`, `Row ${rowNo}: axes (dof) not given; ${l.assumed} is assumed for a new robot`);
    return null;
  }
  const match = typeof cell === 'number' ? [String(cell), String(cell)] : /^(\d+(?:[.,]\d+)?)\s*(?:-?\s*(?:axes|axis|dof|achsen|ax)\.?)?$/i.exec(text);
  const n = match ? Number(nth(match, 1).replace(',', '.')) : Number.NaN;
  if (!Number.isFinite(n)) {
    errors.push(`axes (dof) "${text}" is not a number`);
    return null;
  }
  if (!Number.isInteger(n)) {
    errors.push(`axes (dof) ${text} is not a whole number`);
    return null;
  }
  if (n < l.min || n > l.max) {
    errors.push(`axes (dof) ${n} is outside ${l.min} to ${l.max}`);
    return null;
  }
  if (!l.usual.includes(n)) warn(`unusual number of axes`, `Row ${rowNo}: ${n} axes is unusual for an industrial robot; please check it`);
  return n;
}

function readName(cell: Cell | undefined, label: string, errors: string[]): string | null {
  const text = textOf(cell);
  if (!text) {
    errors.push(`${label} is missing`);
    return null;
  }
  if (text.length > MAX_TEXT) {
    errors.push(`${label} is longer than ${MAX_TEXT} characters`);
    return null;
  }
  if (!/[\p{L}\p{N}]/u.test(text)) {
    errors.push(`${label} "${text}" has no letters or digits`);
    return null;
  }
  return text;
}

/**
 * An optional mass or length (weight, repeatability): empty is "not given" (null); a
 * value outside (0, max] is an error. "±0.05" reads as 0.05.
 */
function readOptionalQuantity(
  cell: Cell | undefined,
  col: QuantityColumn | null,
  quantity: Quantity,
  label: string,
  max: number,
  rowNo: number,
  errors: string[],
  warn: Warn,
): number | null | undefined {
  if (!col) return null;
  const raw = typeof cell === 'string' ? cell.replace(/^\s*(?:±|\+\/-|\+-)\s*/, '') : cell;
  const parsed = parseQuantityCell(raw ?? null, col.style);
  if (!parsed.ok && parsed.reason === 'empty') return null;
  const read = readQuantity(raw, col, quantity, rowNo, errors, warn, label);
  if (!read) return undefined;
  const unit = baseUnits[quantity];
  if (!(read.value > 0) || read.value > max) {
    errors.push(`${label} ${formatNumber(read.value)} ${unit} is outside the plausible range (more than 0 and at most ${max.toLocaleString('en-US')} ${unit})`);
    return undefined;
  }
  return read.value;
}

export interface RowValidator {
  /** Checks one data row (1-based data row `rowNo`); call in file order, duplicates are found across calls. */
  check(row: readonly Cell[], rowNo: number): { valid: ValidRow } | { error: RowError };
}

/**
 * Checks and converts data rows one at a time, so a large upload can be streamed.
 * Units come from the cell ("20 lb") or else the header ("Payload (lbs)"), defaulting
 * to kg and mm; the decimal mark is judged per column. Out-of-range values are errors,
 * unusual ones warnings. A later row with the same manufacturer + model (case, spaces,
 * punctuation ignored) as an earlier one is an error naming the first row. Messages
 * name rows as the spreadsheet numbers them (`sheetRows`, see SheetRows); `row` and
 * `row_index` stay the 1-based data rows.
 */
export function createRowValidator(
  mappings: ResolvedMappings,
  styles: ColumnStyles,
  /** spillFrom: a CSV's named columns when some rows hold cells beyond them (ParseMeta.spillFrom); delimiter: the CSV's, for the message. */
  options: { sheetRows?: SheetRows; spillFrom?: number; delimiter?: string; offers?: boolean } = {},
): RowValidator {
  const numeric = [mappings.payload_kg?.index, mappings.reach_mm?.index].filter((i): i is number => i !== undefined);
  const total: DecimalVotes = { comma: 0, point: 0 };
  for (const i of numeric) {
    total.comma += styles.votes[i]?.comma ?? 0;
    total.point += styles.votes[i]?.point ?? 0;
  }
  const fileStyle = decideDecimalStyle(total) ?? styles.hint;
  const payloadCol = quantityColumn(mappings.payload_kg, styles, fileStyle);
  const reachCol = quantityColumn(mappings.reach_mm, styles, fileStyle);
  const manufacturerAt = mappings.manufacturer?.index;
  const modelAt = mappings.model?.index;
  const dofAt = mappings.dof?.index;
  const weightCol = quantityColumn(mappings.weight_kg, styles, fileStyle);
  const repeatabilityCol = quantityColumn(mappings.repeatability_mm, styles, fileStyle);
  const at = (field: BulkTargetField) => mappings[field]?.index;
  const styleOf = (field: BulkTargetField) => {
    const i = mappings[field]?.index;
    return i === undefined ? fileStyle : (decideDecimalStyle(styles.votes[i]) ?? fileStyle);
  };
  const speedHeaderUnit = mappings.max_speed_mm_s ? speedUnitFromHeader(mappings.max_speed_mm_s.column) : null;
  const leadHeaderUnit = mappings.lead_time_weeks ? leadTimeUnitFromHeader(mappings.lead_time_weeks.column) : null;
  // A supplier's price header naming a currency ("Preis (EUR)") prices the rows whose currency is not given.
  const headerCurrency = options.offers && mappings.price_usd ? currencyOfText(mappings.price_usd.column) : null;
  const priceHeaderCurrency = headerCurrency === 'other' ? null : headerCurrency;
  const firstRowOfKey = new KeyRows();
  const conditionAt = mappings.condition?.index;

  /** The optional fields of a row; a field that is mapped and unreadable adds its message to `errors`. */
  const readFields = (row: readonly Cell[], rowNo: number, errors: string[], warn: Warn, about: (field: BulkTargetField) => void): ImportedFields => {
    const fields: ImportedFields = {};
    const cell = (field: BulkTargetField) => {
      about(field);
      const i = at(field);
      return i === undefined ? undefined : row[i];
    };
    const put = <K extends keyof ImportedFields>(key: K, value: ImportedFields[K] | null | undefined) => {
      if (value !== null && value !== undefined) fields[key] = value;
    };
    if (at('category') !== undefined) put('category', readCategory(cell('category'), errors));
    put('repeatability_mm', readOptionalQuantity(cell('repeatability_mm'), repeatabilityCol, 'length', 'repeatability', 10, rowNo, errors, warn));
    put('weight_kg', readOptionalQuantity(cell('weight_kg'), weightCol, 'mass', 'weight', 50_000, rowNo, errors, warn));
    if (at('price_usd') !== undefined && !options.offers) {
      const price = readPrice(cell('price_usd'), styleOf('price_usd'), errors);
      if (price) {
        fields.price_min_usd = price.min;
        fields.price_max_usd = price.max;
      }
    }
    if (at('applications') !== undefined) put('applications', readList(cell('applications'), 'applications', errors));
    if (at('industries') !== undefined) put('industries', readList(cell('industries'), 'industries', errors));
    if (at('description') !== undefined) put('description', readText(cell('description'), 'description', 2000, errors));
    if (at('datasheet_source') !== undefined) put('datasheet_source', readText(cell('datasheet_source'), 'datasheet', 500, errors));
    if (at('ip_rating') !== undefined) put('ip_rating', readIpRating(cell('ip_rating'), errors));
    if (at('cleanroom_iso_class') !== undefined) put('cleanroom_iso_class', readCleanroomClass(cell('cleanroom_iso_class'), errors, warn, rowNo));
    if (at('food_grade') !== undefined) put('food_grade', readYesNo(cell('food_grade'), 'food grade', errors));
    if (at('mounting') !== undefined) put('mounting', readMounting(cell('mounting'), errors));
    if (at('max_speed_mm_s') !== undefined) put('max_speed_mm_s', readSpeed(cell('max_speed_mm_s'), speedHeaderUnit, styleOf('max_speed_mm_s'), errors, warn, rowNo));
    if (at('maker_country') !== undefined) put('maker_country', readCountry(cell('maker_country'), errors));
    return fields;
  };

  /**
   * A supplier's offer terms: the price (in the row's currency: its currency cell, else the one
   * the price cell or header names, else USD), condition, lead time, quantity. A USD price is the
   * catalog model's list price too (fields.price_*_usd), as before; another currency's is not.
   */
  const readOffer = (row: readonly Cell[], rowNo: number, errors: string[], warn: Warn, about: (field: BulkTargetField) => void, fields: ImportedFields): OfferTerms => {
    const offer: OfferTerms = {};
    const cell = (field: BulkTargetField) => {
      about(field);
      const i = at(field);
      return i === undefined ? undefined : row[i];
    };
    const currency = at('currency') !== undefined ? readCurrency(cell('currency'), errors) : null;
    if (currency) offer.currency = currency;
    if (at('price_usd') !== undefined) {
      const price = readOfferPrice(cell('price_usd'), styleOf('price_usd'), errors);
      if (price) {
        // The cell's own currency must agree with the row's; the header's ("Preis (EUR)") applies only when neither names one.
        const named = price.currency;
        if (currency && named && named !== currency) {
          errors.push(`price "${String(row[at('price_usd') ?? -1] ?? '')}" is in ${named} but the row's currency is ${currency}`);
        } else {
          offer.currency = currency ?? named ?? priceHeaderCurrency ?? 'USD';
          offer.price_min = price.min;
          offer.price_max = price.max;
          if (offer.currency === 'USD') {
            fields.price_min_usd = price.min;
            fields.price_max_usd = price.max;
          }
        }
      }
    }
    if (at('condition') !== undefined) {
      const condition = readCondition(cell('condition'), errors);
      if (condition) offer.condition = condition;
    }
    if (at('lead_time_weeks') !== undefined) {
      const weeks = readLeadTime(cell('lead_time_weeks'), leadHeaderUnit, styleOf('lead_time_weeks'), errors, warn, rowNo);
      if (weeks !== null && weeks !== undefined) offer.lead_time_weeks = weeks;
    }
    if (at('quantity') !== undefined) {
      const quantity = readOfferQuantity(cell('quantity'), errors);
      if (quantity) offer.quantity = quantity;
    }
    return offer;
  };

  const spillFrom = options.spillFrom;
  const delimiterName = options.delimiter === ';' ? 'semicolon' : options.delimiter === '\t' ? 'tab' : options.delimiter === '|' ? 'bar (|)' : 'comma';

  return {
    check(row, dataRow) {
      const rowNo = sheetRowOf(options.sheetRows, dataRow);
      if (spillFrom !== undefined) {
        // A row with cells beyond the header's columns: its values are shifted, so none of them is read.
        let last = row.length - 1;
        while (last >= spillFrom && (row[last] === null || row[last] === undefined || row[last] === '')) last -= 1;
        if (last >= spillFrom) {
          const message = `the row has ${last + 1} cells, more cells than the header has columns (${spillFrom}): a value probably holds a ${delimiterName} without quotes, which shifts the values after it. Put that value in quotes in the file, or fix the row here and empty the extra cell`;
          return { error: { row_index: dataRow, sheet_row: rowNo, errors: [message], cell_errors: [{ column: null, message }], cell_warnings: [] } };
        }
      }
      const errors: string[] = [];
      const warnings: string[] = [];
      const warningKinds: string[] = [];
      const warn: Warn = (kind, text) => {
        warningKinds.push(kind);
        warnings.push(text);
      };
      // Each message is tagged with the column being read when it was added (the grid marks that cell).
      const errorColumns: Array<string | null> = [];
      const warningColumns: Array<string | null> = [];
      let current: string | null = null;
      const sync = () => {
        while (errorColumns.length < errors.length) errorColumns.push(current);
        while (warningColumns.length < warnings.length) warningColumns.push(current);
      };
      const about = (field: BulkTargetField | null) => {
        sync();
        current = field ? (mappings[field]?.column ?? null) : null;
      };
      about('manufacturer');
      const manufacturer = manufacturerAt === undefined ? null : readName(row[manufacturerAt], 'manufacturer', errors);
      about('model');
      const model = modelAt === undefined ? null : readName(row[modelAt], 'model', errors);
      let key: string | null = null;
      if (manufacturer && model) {
        key = normalizeRobotKey(manufacturer, model);
        // A supplier may offer one model in several conditions (one offer each): the condition is part of what repeats.
        const condition = options.offers && conditionAt !== undefined ? readCondition(row[conditionAt], []) : null;
        const repeatKey = condition ? `${key}|${condition}` : key;
        const first = firstRowOfKey.firstOrRemember(repeatKey, rowNo);
        if (first !== undefined) errors.push(`duplicate of row ${first}: the same manufacturer and model appear twice in the file${condition ? ` (both ${condition})` : ''}`);
      }
      about('payload_kg');
      let payload: number | null = null;
      if (payloadCol) {
        payload = readQuantity(row[payloadCol.index], payloadCol, 'mass', rowNo, errors, warn)?.value ?? null;
        if (payload !== null) checkPayload(payload, rowNo, errors, warn);
      }
      about('reach_mm');
      let reach: number | null = null;
      if (reachCol) {
        const read = readQuantity(row[reachCol.index], reachCol, 'length', rowNo, errors, warn);
        reach = read?.value ?? null;
        if (read) checkReach(read.value, rowNo, read.explicitUnit, errors, warn);
      }
      about('dof');
      const dof = readDof(dofAt === undefined ? null : row[dofAt], rowNo, errors, warn);
      const fields = readFields(row, rowNo, errors, warn, about);
      const offer = options.offers ? readOffer(row, rowNo, errors, warn, about, fields) : undefined;
      about('maker_country');
      if (fields.maker_country && key) {
        // The catalog's makers keep their listed home country (the "made in" filter reads it): a differing cell is a warning.
        const listed = makerCountryOfKey(nth(key.split('|'), 0));
        if (listed && listed !== fields.maker_country) {
          warn(`country differs from the maker's listed country`, `Row ${rowNo}: country ${fields.maker_country} differs from ${manufacturer ?? 'the maker'}'s listed home country ${listed}; ${listed} is kept`);
          fields.maker_country = listed;
        }
      }
      about(null);
      if (!errors.length && (!manufacturer || !model || payload === null || reach === null || !key)) {
        errors.push('the row cannot be imported');
        sync();
      }
      const cell_warnings = warnings.map((message, i) => ({ column: warningColumns[i] ?? null, message }));
      if (errors.length) {
        const cell_errors = errors.map((message, i) => ({ column: errorColumns[i] ?? null, message }));
        return { error: { row_index: dataRow, sheet_row: rowNo, errors, cell_errors, cell_warnings } };
      }
      return { valid: { row: dataRow, sheet_row: rowNo, manufacturer: defined(manufacturer, 'manufacturer'), model: defined(model, 'model'), payload_kg: defined(payload, 'payload'), reach_mm: defined(reach, 'reach'), dof, fields, warnings, warningKinds, key: defined(key, 'key'), cell_warnings, ...(offer ? { offer } : {}) } };
    },
  };
}

/** Validates in-memory rows at once (the `data` form, and tests). */
export function validateRows(
  rows: readonly Cell[][],
  mappings: ResolvedMappings,
  options: { decimalHint?: DecimalStyle | null; sheetRows?: SheetRows } = {},
): ValidationOutcome {
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  const validator = createRowValidator(mappings, { votes: columnDecimalVotes(rows, width), hint: options.decimalHint ?? null }, { sheetRows: options.sheetRows });
  const out: ValidationOutcome = { valid: [], errors: [], warningCount: 0 };
  rows.forEach((row, i) => {
    const result = validator.check(row, i + 1);
    if ('error' in result) out.errors.push(result.error);
    else {
      out.valid.push(result.valid);
      if (result.valid.warnings.length) out.warningCount += 1;
    }
  });
  return out;
}
