/** docs/product.md §3.6: the window event through which the ROI calculator shares its figures. */
export const ROI_DATA_UPDATE_EVENT = 'roiDataUpdate';
/** Asks the calculator, when it is open, to send its figures again (a listener that mounted later). */
export const ROI_DATA_REQUEST_EVENT = 'roiDataRequest';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// The headline results, in this order: the assistant recognises ROI figures by name and
// takes the first match, so payback, net annual savings and the upfront cost come first.
const RESULT_KEYS = [
  'paybackMonths',
  'annualSavings',
  'upfrontCost',
  'roiPercent',
  'npv',
  'irrPercent',
  'netGain',
  'discountedPaybackMonths',
  'annualGrossSavings',
  'annualRunningCosts',
  'horizonYears',
  'discountRatePercent',
] as const;

/**
 * context.roiData from a roiDataUpdate detail ({ inputs, results }, features/roi): the
 * headline results at the top level, the inputs under `inputs`. The yearly rows and
 * scenarios stay out (they would only make every question heavier), and so do the inputs
 * at the top level: names such as qualitySavingsPerYear or robotCost would be read as
 * the annual savings or the investment. A detail of another shape is passed as it is.
 */
export function toRoiContext(detail: unknown): Record<string, unknown> | null {
  if (!isObject(detail)) return null;
  if (!isObject(detail.results)) return detail;
  const results = detail.results;
  const data: Record<string, unknown> = {};
  for (const key of RESULT_KEYS) {
    if (key in results) data[key] = results[key];
  }
  if (isObject(detail.inputs)) data.inputs = { ...detail.inputs };
  return data;
}
