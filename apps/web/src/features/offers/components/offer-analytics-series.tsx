/**
 * The four lines of the offer analytics chart, told apart by colour, dash pattern AND marker
 * (issue 13: "lines distinguishable in both themes"). Colours reach 3:1 against the white
 * and the slate-900 card: orange-600, sky-600, fuchsia-600, emerald-600.
 */
export type SeriesKey = 'views' | 'requests' | 'quotes' | 'win_rate';
export type Marker = 'circle' | 'square' | 'triangle' | 'diamond';

export const OFFER_SERIES: ReadonlyArray<{ key: SeriesKey; label: string; color: string; dash: string | undefined; marker: Marker }> = [
  { key: 'views', label: 'Views', color: '#ea580c', dash: undefined, marker: 'circle' },
  { key: 'requests', label: 'Requests', color: '#0284c7', dash: '7 4', marker: 'square' },
  { key: 'quotes', label: 'Quotes sent', color: '#c026d3', dash: '2 3', marker: 'triangle' },
  { key: 'win_rate', label: 'Quote-to-win rate (%, right axis)', color: '#059669', dash: '10 3 2 3', marker: 'diamond' },
];

/** A marker centred on (cx, cy), about `size` wide, filled with the card colour so it reads on both themes. */
export function MarkerShape({ marker, cx, cy, color, size = 7 }: { marker: Marker; cx: number; cy: number; color: string; size?: number }) {
  const h = size / 2;
  const common = { stroke: color, strokeWidth: 1.75, className: 'fill-white dark:fill-slate-900' };
  switch (marker) {
    case 'circle':
      return <circle cx={cx} cy={cy} r={h} {...common} />;
    case 'square':
      return <rect x={cx - h} y={cy - h} width={size} height={size} {...common} />;
    case 'triangle':
      return <polygon points={`${cx},${cy - h - 0.5} ${cx + h + 0.5},${cy + h} ${cx - h - 0.5},${cy + h}`} {...common} />;
    case 'diamond':
      return <polygon points={`${cx},${cy - h - 1} ${cx + h + 1},${cy} ${cx},${cy + h + 1} ${cx - h - 1},${cy}`} {...common} />;
  }
}

/** The legend: a sample of each line (its dash and marker) and its name; outside the chart so it wraps on a phone. */
export function OfferSeriesLegend() {
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-slate-800 dark:text-slate-200" aria-label="Chart legend">
      {OFFER_SERIES.map((s) => (
        <li key={s.key} className="flex items-center gap-2">
          <svg width="36" height="12" viewBox="0 0 36 12" aria-hidden="true" className="shrink-0">
            <line x1="1" y1="6" x2="35" y2="6" stroke={s.color} strokeWidth="2.5" strokeDasharray={s.dash} />
            <MarkerShape marker={s.marker} cx={18} cy={6} color={s.color} />
          </svg>
          {s.label}
        </li>
      ))}
    </ul>
  );
}
