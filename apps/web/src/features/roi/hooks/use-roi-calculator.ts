import { calculateRoi, type RoiField, type RoiInputs, type RoiResult } from '@cellforge/roi';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { ROI_DATA_REQUEST_EVENT, dispatchRoiDataUpdate } from '../utils/roi-event';
import {
  DEFAULT_RAW_INPUTS,
  parseRawInputs,
  readRawInputs,
  sameRawInputs,
  toSearchParams,
  type RawRoiInputs,
} from '../utils/url-state';

export interface RoiCalculation {
  inputs: RoiInputs;
  result: RoiResult;
}

/** Marks the URL changes this hook makes itself, so they are not read back as a new link. */
const OWN_WRITE = { roiCalculatorWrite: true } as const;

function isOwnWrite(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'roiCalculatorWrite' in state;
}

/**
 * The calculator's state. The query string is the shareable copy of every input: each
 * change is written there (replacing the history entry), and a URL that changes from
 * outside (a shared link, the header's "ROI Calculator" link, back/forward) is read back.
 * The figures come from @cellforge/roi, the same code as POST /api/roi/calculate.
 */
export function useRoiCalculator() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const search = searchParams.toString();

  const [raw, setRaw] = useState<RawRoiInputs>(() => readRawInputs(searchParams));
  const [syncedSearch, setSyncedSearch] = useState(search);
  if (search !== syncedSearch) {
    // Adjusting state while rendering (React's documented pattern for "state follows a prop").
    setSyncedSearch(search);
    const fromUrl = readRawInputs(searchParams);
    if (!isOwnWrite(location.state) && !sameRawInputs(fromUrl, raw)) setRaw(fromUrl);
  }

  const parsed = useMemo(() => parseRawInputs(raw), [raw]);
  const current = useMemo<RoiCalculation | null>(
    () => (parsed.success ? { inputs: parsed.inputs, result: calculateRoi(parsed.inputs) } : null),
    [parsed],
  );
  // While a field is being fixed, the last valid figures stay on screen.
  const [lastValid, setLastValid] = useState<RoiCalculation | null>(current);
  if (current && current !== lastValid) setLastValid(current);
  const shown = current ?? lastValid;

  useEffect(() => {
    if (current) dispatchRoiDataUpdate({ inputs: current.inputs, results: current.result });
  }, [current]);

  useEffect(() => {
    if (!shown) return;
    const answer = () => dispatchRoiDataUpdate({ inputs: shown.inputs, results: shown.result });
    window.addEventListener(ROI_DATA_REQUEST_EVENT, answer);
    return () => window.removeEventListener(ROI_DATA_REQUEST_EVENT, answer);
  }, [shown]);

  const write = useCallback(
    (next: RawRoiInputs | null) => {
      setSearchParams(next ? toSearchParams(next) : new URLSearchParams(), {
        replace: true,
        preventScrollReset: true,
        state: OWN_WRITE,
      });
    },
    [setSearchParams],
  );

  const setField = useCallback(
    (key: RoiField, value: string) => {
      const next = { ...raw, [key]: value };
      setRaw(next);
      write(next);
    },
    [raw, write],
  );

  const reset = useCallback(() => {
    setRaw(DEFAULT_RAW_INPUTS);
    write(null);
  }, [write]);

  return {
    raw,
    errors: parsed.errors,
    /** False while some field is invalid (the figures shown are then the last valid ones). */
    valid: parsed.success,
    calculation: shown,
    setField,
    reset,
  };
}
