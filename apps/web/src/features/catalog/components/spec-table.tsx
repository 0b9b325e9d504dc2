import type { Robot } from '@cellforge/contracts';
import { countryNames } from '@cellforge/contracts/constants';
import { SkeletonLine } from '@/components/ui/skeleton';
import {
  formatCleanroom,
  formatCountry,
  formatIp,
  formatKg,
  formatMm,
  formatMounting,
  formatNumber,
  formatPriceBand,
  formatRepeatability,
  formatSpeed,
  formatYesNo,
  humanizeTag,
} from '@/lib/robot-format';
import { FigureText } from './unknown-value';

/** The rows of the table, in order: label and the figure as shown. */
const SPEC_ROWS: ReadonlyArray<readonly [string, (robot: Robot) => string]> = [
  ['Manufacturer', (robot) => robot.manufacturer],
  ['Model', (robot) => robot.model],
  ['Category', (robot) => humanizeTag(robot.category)],
  ['Rated payload', (robot) => formatKg(robot.payload_kg)],
  ['Reach', (robot) => formatMm(robot.reach_mm)],
  ['Axes', (robot) => formatNumber(robot.dof)],
  ['Repeatability', (robot) => formatRepeatability(robot.repeatability_mm)],
  ['Weight', (robot) => formatKg(robot.weight_kg)],
  ['Max. TCP speed', (robot) => formatSpeed(robot.max_speed_mm_s)],
  ['IP rating', (robot) => formatIp(robot.ip_rating)],
  ['Cleanroom class', (robot) => formatCleanroom(robot.cleanroom_iso_class)],
  ['Food-grade', (robot) => formatYesNo(robot.food_grade)],
  ['Mounting', (robot) => formatMounting(robot.mounting)],
  ["Maker's country", (robot) => formatCountry(robot.maker_country, countryNames)],
  ['Indicative price', (robot) => formatPriceBand(robot.price_min_usd, robot.price_max_usd)],
];

const rowHeaderClasses = 'w-2/5 py-2.5 pr-4 font-medium text-slate-600 dark:text-slate-400';

/**
 * Every figure of a robot; what the datasheet does not give shows as a dash, never a guess.
 * Without a robot (while it loads) the same table with grey bars for the figures: the
 * rows keep their height, so nothing moves when the figures arrive.
 */
export function SpecTable({ robot }: { robot?: Robot }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Specifications</caption>
      <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
        {SPEC_ROWS.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" className={rowHeaderClasses}>
              {label}
            </th>
            <td className="py-2.5 font-semibold tabular-nums text-slate-900 dark:text-white">
              {robot ? (
                <FigureText text={value(robot)} />
              ) : (
                <SkeletonLine barClassName="w-28" />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
