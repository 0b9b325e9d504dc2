import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { OfferAnalytics } from '@cellforge/contracts';
import { formatDay } from '../utils/offer-analytics';
import { MarkerShape, OFFER_SERIES } from './offer-analytics-series';

type DotProps = { cx?: number; cy?: number; index?: number; value?: unknown };

/** Views, requests and quotes per day (left axis) and the quote-to-win rate so far (%, right axis); recharts, loaded with the tab. */
export default function OfferAnalyticsChart({ series }: { series: OfferAnalytics['series'] }) {
  const data = series.map((day) => ({ ...day, win_rate: day.win_rate === null ? null : Math.round(day.win_rate * 100), label: formatDay(day.date) }));
  // A marker on every day is a fence at 90 days: about 10 per line, each line's shifted by
  // one day from the last one's, so where lines run together (all at zero) their markers
  // alternate (circle, square, triangle) and each line stays visible. The last day is always marked.
  const every = Math.max(OFFER_SERIES.length - 1, Math.ceil(data.length / 10));
  return (
    <div className="h-64 w-full text-slate-700 dark:text-slate-300">
      <LineChart responsive style={{ width: '100%', height: '100%' }} data={data} margin={{ top: 8, right: 4, bottom: 0, left: -16 }}>
        <CartesianGrid stroke="currentColor" strokeOpacity={0.15} vertical={false} />
        <XAxis dataKey="label" tick={{ fill: 'currentColor', fontSize: 12 }} stroke="currentColor" minTickGap={24} />
        <YAxis yAxisId="count" allowDecimals={false} tick={{ fill: 'currentColor', fontSize: 12 }} stroke="currentColor" />
        <YAxis yAxisId="rate" orientation="right" domain={[0, 100]} unit="%" width={44} tick={{ fill: 'currentColor', fontSize: 12 }} stroke="currentColor" />
        <Tooltip contentStyle={{ borderRadius: 8, fontSize: 13 }} labelStyle={{ color: '#0f172a', fontWeight: 600 }} />
        {OFFER_SERIES.map((s, order) => (
          <Line
            key={s.key}
            yAxisId={s.key === 'win_rate' ? 'rate' : 'count'}
            type="linear"
            dataKey={s.key}
            name={s.key === 'win_rate' ? 'Quote-to-win rate (%)' : s.label}
            stroke={s.color}
            strokeWidth={2.25}
            strokeDasharray={s.dash}
            connectNulls={false}
            isAnimationActive={false}
            dot={(props: DotProps) => {
              const { cx, cy, index = 0, value } = props;
              if (cx === undefined || cy === undefined || value === null || value === undefined || (index !== data.length - 1 && (index + order) % every !== 0)) {
                return <g key={`${s.key}-${index}`} />;
              }
              return <MarkerShape key={`${s.key}-${index}`} marker={s.marker} cx={cx} cy={cy} color={s.color} />;
            }}
            activeDot={false}
          />
        ))}
      </LineChart>
    </div>
  );
}
