import type { RoiResult } from '@cellforge/roi';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useTheme } from '@/lib/theme';
import { formatUsd } from '../utils/format';

const compactUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });

const PALETTE = {
  light: { realistic: '#c2410c', pessimistic: '#475569', optimistic: '#047857', discounted: '#7c3aed', grid: '#e2e8f0', text: '#334155', zero: '#0f172a', tooltipBg: '#ffffff', tooltipBorder: '#e2e8f0' },
  dark: { realistic: '#fb923c', pessimistic: '#94a3b8', optimistic: '#34d399', discounted: '#c4b5fd', grid: '#1e293b', text: '#cbd5e1', zero: '#f1f5f9', tooltipBg: '#0f172a', tooltipBorder: '#334155' },
} as const;

/**
 * Cumulative cash flow per year: realistic (solid), pessimistic and optimistic (dashed),
 * realistic discounted (dotted). Loaded on its own (recharts is large); hidden from
 * assistive technology because the text summary and the yearly table carry the data.
 */
export default function CashFlowChart({ result }: { result: RoiResult }) {
  const { theme } = useTheme();
  const colors = PALETTE[theme];
  const data = result.yearly.map((row, index) => ({
    year: row.year,
    realistic: row.cumulativeCashFlow,
    discounted: row.cumulativeDiscountedCashFlow,
    pessimistic: result.scenarios.pessimistic.cumulativeCashFlows[index],
    optimistic: result.scenarios.optimistic.cumulativeCashFlows[index],
  }));

  return (
    <div className="h-80 w-full" aria-hidden="true" data-testid="cash-flow-chart">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 320 }}>
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" />
          <XAxis
            dataKey="year"
            stroke={colors.text}
            tick={{ fill: colors.text, fontSize: 12 }}
            tickFormatter={(year: number) => `Y${year}`}
          />
          <YAxis
            stroke={colors.text}
            tick={{ fill: colors.text, fontSize: 12 }}
            tickFormatter={(value: number) => compactUsd.format(value)}
            width={64}
          />
          <ReferenceLine y={0} stroke={colors.zero} strokeWidth={1} />
          <Tooltip
            formatter={(value) => formatUsd(Number(value))}
            labelFormatter={(year) => `Year ${String(year)}`}
            contentStyle={{ background: colors.tooltipBg, border: `1px solid ${colors.tooltipBorder}`, borderRadius: 8, color: colors.text }}
          />
          <Legend wrapperStyle={{ color: colors.text, fontSize: 12 }} />
          <Line type="monotone" dataKey="pessimistic" name="Pessimistic" stroke={colors.pessimistic} strokeDasharray="6 4" dot={false} isAnimationActive={false} />
          <Line type="monotone" dataKey="optimistic" name="Optimistic" stroke={colors.optimistic} strokeDasharray="6 4" dot={false} isAnimationActive={false} />
          <Line type="monotone" dataKey="discounted" name="Realistic, discounted" stroke={colors.discounted} strokeDasharray="2 3" dot={false} isAnimationActive={false} />
          <Line type="monotone" dataKey="realistic" name="Realistic" stroke={colors.realistic} strokeWidth={3} dot={{ r: 3 }} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
