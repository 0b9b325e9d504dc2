import type { RoiInputs, RoiResult } from '@cellforge/roi';

/**
 * docs/product.md §3.6: a window event that gives the chat the
 * calculator's figures. Dispatched on every change of valid inputs (and once when the
 * page opens). Shape documented in apps/web/README.md.
 */
export const ROI_DATA_UPDATE_EVENT = 'roiDataUpdate';

/** A listener that missed the last update (it mounted later) asks for it with this. */
export const ROI_DATA_REQUEST_EVENT = 'roiDataRequest';

export interface RoiDataUpdateDetail {
  inputs: RoiInputs;
  results: RoiResult;
}

export function dispatchRoiDataUpdate(detail: RoiDataUpdateDetail): void {
  window.dispatchEvent(new CustomEvent<RoiDataUpdateDetail>(ROI_DATA_UPDATE_EVENT, { detail }));
}
