import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { ListingAnalytics } from '../api/get-analytics';
import { formatDay } from '../utils/analytics';

/** Orange-600 and sky-600: at least 3:1 against both the light and the dark card. Leads also dashed. */
const VIEWS_COLOR = '#ea580c';
const LEADS_COLOR = '#0284c7';

/** Views and leads per day (recharts; loaded only when the analytics tab opens). */
export default function ListingChart({ series }: { series: ListingAnalytics['series'] }) {
  const data = series.map((day) => ({ ...day, label: formatDay(day.date) }));
  return (
    <div className="h-60 w-full text-slate-700 dark:text-slate-300">
      <LineChart responsive style={{ width: '100%', height: '100%' }} data={data} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
        <CartesianGrid stroke="currentColor" strokeOpacity={0.15} vertical={false} />
        <XAxis dataKey="label" tick={{ fill: 'currentColor', fontSize: 12 }} stroke="currentColor" minTickGap={24} />
        <YAxis allowDecimals={false} tick={{ fill: 'currentColor', fontSize: 12 }} stroke="currentColor" />
        <Tooltip
          contentStyle={{ borderRadius: 8, fontSize: 13 }}
          labelStyle={{ color: '#0f172a', fontWeight: 600 }}
        />
        <Legend wrapperStyle={{ fontSize: 13 }} />
        <Line type="monotone" dataKey="views" name="Views" stroke={VIEWS_COLOR} strokeWidth={2} dot={false} isAnimationActive={false} />
        <Line
          type="monotone"
          dataKey="leads"
          name="Leads"
          stroke={LEADS_COLOR}
          strokeWidth={2}
          strokeDasharray="5 4"
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </div>
  );
}
