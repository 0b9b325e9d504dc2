import type { RegionOfInterest } from '@cellforge/contracts';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useKeyFrame } from '../api/get-key-frame';
import {
  CORNERS,
  cornerPoint,
  describeRegion,
  fit,
  moveCorner,
  moveRegion,
  regionBetween,
  sameRegion,
  STARTING_REGION,
  type Corner,
} from '../utils/region';

export interface RegionSelectorProps {
  jobId: string | undefined;
  /** A stage 1 key frame (the whole picture) to draw on. */
  frameKey: string;
  /** The region the last run measured in (null: the whole picture). */
  initial: RegionOfInterest | null;
  /** Width / height of the video, for the frame's box before the image loads. */
  aspect: number | null;
  busy: boolean;
  onRun: (region: RegionOfInterest | null) => void;
}

type Drag =
  | { mode: 'draw'; ax: number; ay: number; moved: boolean }
  | { mode: 'move'; dx: number; dy: number; from: RegionOfInterest }
  | { mode: 'corner'; corner: Corner };

const CORNER_LABELS: Record<Corner, string> = {
  'top-left': 'Top-left corner',
  'top-right': 'Top-right corner',
  'bottom-left': 'Bottom-left corner',
  'bottom-right': 'Bottom-right corner',
};

/** Arrow keys: 1 % of the frame a press, 5 % with Shift. */
function arrowStep(event: KeyboardEvent): { dx: number; dy: number } | null {
  const step = event.shiftKey ? 0.05 : 0.01;
  switch (event.key) {
    case 'ArrowLeft':
      return { dx: -step, dy: 0 };
    case 'ArrowRight':
      return { dx: step, dy: 0 };
    case 'ArrowUp':
      return { dx: 0, dy: -step };
    case 'ArrowDown':
      return { dx: 0, dy: step };
    default:
      return null;
  }
}

const pct = (value: number) => `${value * 100}%`;

/**
 * The region of interest drawn on a key frame (issue 16): drag on the picture to draw it,
 * drag it to move it, drag a corner handle to resize it; with the keyboard, arrow keys move
 * the region or the focused corner. The picture outside it is dimmed. Running Stage 1 again
 * sends it; motion is then measured inside it only.
 */
export function RegionSelector({ jobId, frameKey, initial, aspect, busy, onRun }: RegionSelectorProps) {
  const headingId = useId();
  const helpId = useId();
  const { data, isError } = useKeyFrame(jobId, frameKey);
  const url = useMemo(() => (data ? URL.createObjectURL(data) : null), [data]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);

  const [region, setRegion] = useState<RegionOfInterest | null>(initial);
  const frameRef = useRef<HTMLDivElement>(null);
  const regionRef = useRef<HTMLButtonElement>(null);
  const drag = useRef<Drag | null>(null);
  // "Draw a region" puts a region in the middle and hands it the keyboard focus.
  const focusOnRegion = useRef(false);
  useEffect(() => {
    if (focusOnRegion.current && region) {
      focusOnRegion.current = false;
      regionRef.current?.focus();
    }
  }, [region]);

  const pointAt = (event: PointerEvent): { x: number; y: number } | null => {
    const box = frameRef.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return null;
    return { x: Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)), y: Math.min(1, Math.max(0, (event.clientY - box.top) / box.height)) };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (busy || event.button !== 0) return;
    const point = pointAt(event);
    if (!point) return;
    const part = (event.target as HTMLElement).closest<HTMLElement>('[data-part]')?.dataset.part;
    if (part && region && (CORNERS as readonly string[]).includes(part)) drag.current = { mode: 'corner', corner: part as Corner };
    else if (part === 'region' && region) drag.current = { mode: 'move', dx: point.x - region.x, dy: point.y - region.y, from: region };
    else drag.current = { mode: 'draw', ax: point.x, ay: point.y, moved: false };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.preventDefault();
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current) return;
    const point = pointAt(event);
    if (!point) return;
    if (current.mode === 'draw') {
      // A tap is not a region: drawing starts once the pointer moved 2 % of the frame.
      if (!current.moved && Math.abs(point.x - current.ax) < 0.02 && Math.abs(point.y - current.ay) < 0.02) return;
      current.moved = true;
      setRegion(regionBetween(current.ax, current.ay, point.x, point.y));
    } else if (current.mode === 'move') {
      setRegion(fit({ ...current.from, x: point.x - current.dx, y: point.y - current.dy }));
    } else {
      setRegion((r) => (r ? moveCorner(r, current.corner, point.x, point.y) : r));
    }
  };

  const endDrag = () => {
    drag.current = null;
  };

  const onRegionKey = (event: KeyboardEvent) => {
    const step = arrowStep(event);
    if (!step || !region) return;
    event.preventDefault();
    setRegion(moveRegion(region, step.dx, step.dy));
  };
  const onCornerKey = (corner: Corner) => (event: KeyboardEvent) => {
    const step = arrowStep(event);
    if (!step || !region) return;
    event.preventDefault();
    const at = cornerPoint(region, corner);
    setRegion(moveCorner(region, corner, at.x + step.dx, at.y + step.dy));
  };

  const changed = !sameRegion(region, initial);

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h4 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
        Region of interest
      </h4>
      <p id={helpId} className="text-sm text-slate-700 dark:text-slate-300">
        Draw where the robot works: Stage 1 then measures motion inside the region only, so people walking by and machines outside it do not count.
        Drag on the picture to draw it, drag it to move it, drag a corner to resize it. Keyboard: arrow keys move the region, or the focused corner (Shift: bigger steps).
      </p>
      {isError ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">The key frame could not be loaded, so the region cannot be drawn now.</p>
      ) : (
        <div
          ref={frameRef}
          data-testid="region-frame"
          className={cn(
            'relative w-full max-w-2xl touch-none overflow-hidden rounded-lg border border-slate-300 bg-slate-200 select-none dark:border-slate-600 dark:bg-slate-800',
            busy ? 'cursor-wait' : 'cursor-crosshair',
          )}
          style={{ aspectRatio: aspect && Number.isFinite(aspect) && aspect > 0 ? String(aspect) : '16 / 9' }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onLostPointerCapture={endDrag}
        >
          {url ? <img src={url} alt="Key frame to draw the region on" draggable={false} className="absolute inset-0 h-full w-full object-fill" /> : null}
          {region ? (
            <>
              <button
                ref={regionRef}
                type="button"
                data-part="region"
                aria-label={`Region of interest: ${describeRegion(region)}`}
                aria-describedby={helpId}
                onKeyDown={onRegionKey}
                className="absolute cursor-move border-2 border-white shadow-[0_0_0_9999px_rgba(2,6,23,0.72)] outline-2 -outline-offset-4 outline-orange-500 focus-visible:outline-4 focus-visible:outline-offset-0 focus-visible:outline-orange-400"
                style={{ left: pct(region.x), top: pct(region.y), width: pct(region.width), height: pct(region.height) }}
              />
              {CORNERS.map((corner) => {
                const at = cornerPoint(region, corner);
                return (
                  <button
                    key={corner}
                    type="button"
                    data-part={corner}
                    aria-label={`${CORNER_LABELS[corner]} of the region`}
                    aria-describedby={helpId}
                    onKeyDown={onCornerKey(corner)}
                    className={cn(
                      'group absolute flex h-8 w-8 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full focus-visible:outline-none',
                      corner === 'top-left' || corner === 'bottom-right' ? 'cursor-nwse-resize' : 'cursor-nesw-resize',
                    )}
                    style={{ left: pct(at.x), top: pct(at.y) }}
                  >
                    <span
                      aria-hidden="true"
                      className="pointer-events-none h-3.5 w-3.5 rounded-sm border-2 border-orange-600 bg-white shadow group-focus-visible:h-5 group-focus-visible:w-5 group-focus-visible:border-[3px] dark:border-orange-400"
                    />
                  </button>
                );
              })}
            </>
          ) : null}
        </div>
      )}
      <p aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300">
        {region ? `Region: ${describeRegion(region)}.` : 'No region: motion is measured over the whole picture.'}
      </p>
      <div className="flex flex-wrap gap-2">
        {!region && !isError ? (
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => {
              focusOnRegion.current = true;
              setRegion(STARTING_REGION);
            }}
          >
            Draw a region
          </Button>
        ) : null}
        {region ? (
          <Button variant="outline" size="sm" disabled={busy} onClick={() => setRegion(null)}>
            Clear the region
          </Button>
        ) : null}
        {changed ? (
          <Button size="sm" loading={busy} onClick={() => onRun(region)}>
            {region ? 'Run Stage 1 again in this region' : 'Run Stage 1 again on the whole picture'}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
