import { ipLabel } from '@cellforge/contracts';
import { partAllowanceKg, TOOL_MARGIN } from '@cellforge/robot-fit';
import type { RobotRow } from '../../catalog';
import type { CatalogField, RobotField, UnlistedField } from '../understanding/robot-question';
import { categoryLabel, formatNumber, kg, listApplications, mm, priceBand, robotName } from './format';
import { defined } from '../../../lib/invariants';
/**
 * One catalog field of one robot as the assistant says it: a full sentence or a short
 * value. What the row does not hold is said to be unpublished, never guessed.
 */

export const NOT_PUBLISHED = 'not published in the datasheet we hold';

export const fieldLabels: Record<RobotField, string> = {
  payload: 'Payload',
  reach: 'Reach',
  repeatability: 'Repeatability',
  axes: 'Axes',
  weight: 'Arm weight',
  price: 'Indicative price',
  category: 'Type',
  applications: 'Applications',
  industries: 'Industries',
  maker: 'Maker',
  source: 'Source of the figures',
  mounting: 'Mounting options',
  protection: 'IP (ingress protection) rating',
  controller: 'Controller',
  speed: 'Speed and cycle time',
  footprint: 'Footprint (base dimensions)',
  power: 'Power supply and consumption',
  temperature: 'Operating temperature range',
};

/** Words of the catalog description that speak to a field the catalog has no column for. */
const descriptionHints: Record<UnlistedField, RegExp> = {
  mounting: /\b(mount\w*|ceiling|wall|inverted|floor)\b/i,
  protection: /\b(ip ?\d{2}|wash ?down|dust|water|splash)\b/i,
  controller: /\b(controllers?|control (?:box|cabinet|unit))\b/i,
  speed: /\b(speed|high-speed|fast|cycle time)\b/i,
  footprint: /\b(footprint|base (?:size|dimensions))\b/i,
  power: /\b(power supply|voltage|power consumption|energy)\b/i,
  temperature: /\btemperature\b/i,
};

export function axesMeaning(dof: number): string {
  if (dof === 4) return 'the tool stays vertical: fast for flat pick-and-place, but it cannot tilt the tool';
  if (dof === 5) return 'one orientation axis fewer than a 6-axis arm';
  if (dof === 6) return 'any position and tool angle within its reach';
  if (dof === 7) return 'one redundant axis to work around obstacles';
  return '';
}

/** The sentence of the description that mentions an unlisted field, if any. */
export function descriptionSnippet(r: RobotRow, field: UnlistedField): string | undefined {
  if (!r.description) return undefined;
  return r.description
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .find((s) => descriptionHints[field].test(s));
}

/** The environment values a robot row holds (migration 0009), as a sentence, or undefined when it holds none for the field. */
function publishedEnvironment(r: RobotRow, field: RobotField): string | undefined {
  const source = r.environmentSource ? ` (source: ${r.environmentSource})` : '';
  if (field === 'protection' && r.ipRating !== null) return `IP (ingress protection) rating: ${ipLabel(r.ipRating)}${r.foodGrade ? ', sold as food-grade' : ''}${source}.`;
  if (field === 'mounting' && r.mounting?.length) return `Mounting options: ${r.mounting.join(', ')}${source}.`;
  if (field === 'speed' && r.maxSpeedMmS !== null) {
    return `Maximum TCP speed: ${formatNumber(r.maxSpeedMmS, 0)} mm/s${source}. A cycle time also depends on the path, the gripper and the load: confirm it with a simulation or the supplier's cycle-time study.`;
  }
  return undefined;
}

/** One field of one robot, as a full sentence. */
export function fieldSentence(r: RobotRow, field: RobotField, accuracy: boolean): string {
  const published = publishedEnvironment(r, field);
  if (published) return published;
  switch (field) {
    case 'payload':
      return `Payload: ${kg(r.payloadKg)} rated at the wrist, part and gripper together. Allowing ${TOOL_MARGIN * 100}% for the gripper, that covers parts up to about ${kg(partAllowanceKg(r.payloadKg))}.`;
    case 'reach':
      return `Reach: ${mm(r.reachMm)} from the centre of the base to the wrist; add the tool length when you check the farthest point.`;
    case 'repeatability': {
      const base = r.repeatabilityMm != null ? `Repeatability: ±${formatNumber(r.repeatabilityMm, 3)} mm.` : `Repeatability: ${NOT_PUBLISHED}.`;
      return accuracy ? `${base} Absolute accuracy is not in the catalog; it is usually much worse than repeatability unless the robot is calibrated.` : base;
    }
    case 'axes': {
      const meaning = axesMeaning(r.dof);
      return `Axes: ${r.dof}${meaning ? ` (${meaning})` : ''}.`;
    }
    case 'weight':
      return r.weightKg != null ? `Arm weight: ${kg(r.weightKg)} (the manipulator).` : `Arm weight: ${NOT_PUBLISHED}.`;
    case 'price': {
      const band = priceBand(r);
      return band
        ? `Indicative price: ${band} for arm + controller (a street-price band, not a quote; a complete cell often costs 2-3 times the arm).`
        : 'Price: not published by the maker; ask the supplier for a quote.';
    }
    case 'category':
      return `Type: ${categoryLabel(r.category)}${r.category === 'collaborative' ? ', built to work next to people once a risk assessment confirms the application' : ''}.`;
    case 'applications':
      return r.applications.length ? `Applications its maker lists: ${listApplications(r.applications, 10)}.` : 'Applications: none listed in its catalog entry.';
    case 'industries':
      return r.industries.length ? `Industries: ${r.industries.map((i) => i.replace(/-/g, ' ')).join(', ')}.` : 'Industries: none listed in its catalog entry.';
    case 'maker':
      return `Maker: ${r.manufacturer}.`;
    case 'source':
      return r.datasheetSource ? `Source of the figures: ${r.datasheetSource}.` : 'Source of the figures: the catalog entry does not name its datasheet.';
    default: {
      const snippet = descriptionSnippet(r, field);
      const label = fieldLabels[field];
      const said = snippet
        ? `${label}: not a catalog figure; the catalog description says "${snippet}" Anything beyond that is ${NOT_PUBLISHED}.`
        : `${label}: ${NOT_PUBLISHED}. Check the maker's full datasheet or ask the supplier; I won't guess it.`;
      return field === 'speed' ? `${said} A cycle time also depends on the path, the gripper and the load: confirm it with a simulation or the supplier's cycle-time study.` : said;
    }
  }
}

/** One field of one robot, short, for a side-by-side line. */
export function fieldValue(r: RobotRow, field: CatalogField): string {
  switch (field) {
    case 'payload':
      return kg(r.payloadKg);
    case 'reach':
      return mm(r.reachMm);
    case 'repeatability':
      return r.repeatabilityMm != null ? `±${formatNumber(r.repeatabilityMm, 3)} mm` : 'not published';
    case 'axes':
      return String(r.dof);
    case 'weight':
      return r.weightKg != null ? kg(r.weightKg) : 'not published';
    case 'price':
      return priceBand(r) ?? 'not published';
    case 'category':
      return r.category;
    case 'applications':
      return listApplications(r.applications, 4) || 'none listed';
    case 'industries':
      return r.industries.slice(0, 4).map((i) => i.replace(/-/g, ' ')).join(', ') || 'none listed';
    case 'maker':
      return r.manufacturer;
    case 'source':
      return r.datasheetSource ?? 'not named';
  }
}

export function sourcesOf(robots: RobotRow[]) {
  return [...new Set(robots.map((r) => r.manufacturer))].slice(0, 2).map((m) => {
    const r = defined(robots.find((x) => x.manufacturer === m), `a ${m} robot in the list`);
    return { manufacturer: m, title: r.datasheetSource ?? `${robotName(r)} datasheet` };
  });
}
