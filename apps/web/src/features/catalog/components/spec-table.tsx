import type { Robot } from '@cellforge/contracts';
import {
  formatKg,
  formatMm,
  formatNumber,
  formatPriceBand,
  formatRepeatability,
  humanizeTag,
} from '@/lib/robot-format';
import { FigureText } from './unknown-value';

/** Every figure of a robot; what the datasheet does not give shows as a dash, never a guess. */
export function SpecTable({ robot }: { robot: Robot }) {
  const rows: Array<[string, string]> = [
    ['Manufacturer', robot.manufacturer],
    ['Model', robot.model],
    ['Category', humanizeTag(robot.category)],
    ['Payload', formatKg(robot.payload_kg)],
    ['Reach', formatMm(robot.reach_mm)],
    ['Axes', formatNumber(robot.dof)],
    ['Repeatability', formatRepeatability(robot.repeatability_mm)],
    ['Weight', formatKg(robot.weight_kg)],
    ['Indicative price', formatPriceBand(robot.price_min_usd, robot.price_max_usd)],
  ];
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Specifications</caption>
      <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" className="w-2/5 py-2.5 pr-4 font-medium text-slate-600 dark:text-slate-400">
              {label}
            </th>
            <td className="py-2.5 font-semibold tabular-nums text-slate-900 dark:text-white">
              <FigureText text={value} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
