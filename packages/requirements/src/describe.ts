import type { BuyerRequirements, NumericConstraint } from '@cellforge/contracts';
import { countryNames, displayFigure } from '@cellforge/contracts/constants';
import { describeBudget } from './currency';

/** Rounded for display like the chat and the catalog chips ("2 lb" reads "0.91 kg"); the reading itself keeps the exact value. */
const num = (n: number) => displayFigure(n);

function range(label: string, c: NumericConstraint | undefined, unit: string, fmt: (n: number) => string = num): string | undefined {
  if (!c) return undefined;
  const u = unit ? ` ${unit}` : '';
  if (c.min !== undefined && c.max !== undefined) return c.min === c.max ? `${label} ${fmt(c.min)}${u}` : `${label} ${fmt(c.min)}–${fmt(c.max)}${u}`;
  if (c.min !== undefined) return `${label} ≥ ${fmt(c.min)}${u}`;
  if (c.max !== undefined) return `${label} ≤ ${fmt(c.max)}${u}`;
  return undefined;
}

/** "Japan" for JP, as the catalog's maker-country filter names it. */
const country = (code: string) => countryNames[code] ?? code;

const either = (list: string[]) => (list.length > 1 ? `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}` : (list[0] ?? ''));

/** One short English phrase per constraint: how the text was read ("payload ≥ 40 kg", "not FANUC"). */
export function describe(r: BuyerRequirements): string[] {
  const out: (string | undefined)[] = [
    range('payload', r.payloadKg, 'kg'),
    range('reach', r.reachMm, 'mm'),
    range('axes', r.axes, ''),
    range('repeatability', r.repeatabilityMm, 'mm'),
    range('cycle time', r.cycleTimeS, 's'),
    range('robot weight', r.robotWeightKg, 'kg'),
    r.budget ? describeBudget(r.budget) : undefined,
    r.makers.include.length ? `only ${either(r.makers.include)}` : undefined,
    ...r.makers.exclude.map((m) => `not ${m}`),
    r.preferredMakers?.length ? `preferably ${either(r.preferredMakers)}` : undefined,
    r.makerCountries.include.length ? `makers from ${either(r.makerCountries.include.map(country))}` : undefined,
    ...r.makerCountries.exclude.map((c) => `no makers from ${country(c)}`),
    r.robotTypes.include.length ? `type ${either(r.robotTypes.include)}` : undefined,
    ...r.robotTypes.exclude.map((t) => `not ${t}`),
    r.applications.length ? `for ${r.applications.join(', ')}` : undefined,
    r.environment.ipRatingMin !== undefined ? `IP${String(r.environment.ipRatingMin).padStart(2, '0')} or better` : undefined,
    r.environment.cleanroom ? (r.environment.cleanroomClass ? `cleanroom ${r.environment.cleanroomClass}` : 'cleanroom') : undefined,
    r.environment.foodGrade ? 'food-grade' : undefined,
    r.environment.washdown ? 'washdown' : undefined,
    r.environment.explosionProof ? 'explosion-proof' : undefined,
    r.mounting.length ? `${either(r.mounting)} mounting` : undefined,
  ];
  return out.filter((x): x is string => x !== undefined);
}
