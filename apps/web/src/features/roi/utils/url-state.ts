import { ROI_DEFAULT_INPUTS, ROI_FIELD_KEYS, roiInputsSchema, type RoiField, type RoiInputs } from '@cellforge/roi';

/** What the visitor typed, field by field (strings, so half-typed numbers survive). */
export type RawRoiInputs = Record<RoiField, string>;

export const DEFAULT_RAW_INPUTS: RawRoiInputs = Object.fromEntries(
  ROI_FIELD_KEYS.map((key) => [key, String(ROI_DEFAULT_INPUTS[key])]),
) as RawRoiInputs;

/**
 * The URL's query string holds every input under the input's own name
 * (?robotCost=95000&integrationCost=35000&...). Missing ones take the default, unknown
 * ones are ignored.
 */
export function readRawInputs(params: URLSearchParams): RawRoiInputs {
  const raw = { ...DEFAULT_RAW_INPUTS };
  for (const key of ROI_FIELD_KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return raw;
}

/**
 * All fields are written, defaults included: a shared link keeps giving the same
 * numbers even if the defaults change later.
 */
export function toSearchParams(raw: RawRoiInputs): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ROI_FIELD_KEYS) params.set(key, raw[key].trim());
  return params;
}

/** "95,000", "$ 95000" and "95000" are the same number; "" is a missing value. */
export function parseNumber(text: string): number | undefined {
  const cleaned = text.replace(/[\s,$_]/g, '');
  return cleaned === '' ? undefined : Number(cleaned);
}

export type RoiParseResult =
  | { success: true; inputs: RoiInputs; errors: Partial<Record<RoiField, string>> }
  | { success: false; inputs: null; errors: Partial<Record<RoiField, string>> };

/** Validates what was typed with the shared schema; one message per field. */
export function parseRawInputs(raw: RawRoiInputs): RoiParseResult {
  const candidate = Object.fromEntries(ROI_FIELD_KEYS.map((key) => [key, parseNumber(raw[key])]));
  const parsed = roiInputsSchema.safeParse(candidate);
  if (parsed.success) return { success: true, inputs: parsed.data, errors: {} };
  const errors: Partial<Record<RoiField, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as RoiField | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { success: false, inputs: null, errors };
}

export function sameRawInputs(a: RawRoiInputs, b: RawRoiInputs): boolean {
  return ROI_FIELD_KEYS.every((key) => a[key].trim() === b[key].trim());
}
