import { applicationsCovered } from '@cellforge/requirements';
/**
 * Words the assistant understands. Application and industry values are the catalog's own
 * vocabulary (packages/db seed), so an extracted value can be used directly in a query.
 */

export const applications = [
  'assembly',
  'machine-tending',
  'welding',
  'arc-welding',
  'spot-welding',
  'painting',
  'palletizing',
  'packaging',
  'pick-and-place',
  'material-handling',
  'dispensing',
  'polishing',
  'deburring',
  'inspection',
  'screwdriving',
  'laboratory',
  'cutting',
  'press-tending',
  'food-handling',
  'cleanroom',
] as const;
export type Application = (typeof applications)[number];

/** Human label for an application value. */
export function applicationLabel(app: string): string {
  const labels: Record<string, string> = {
    'machine-tending': 'machine tending',
    'arc-welding': 'arc welding',
    'spot-welding': 'spot welding',
    'pick-and-place': 'pick-and-place',
    'material-handling': 'material handling',
    'press-tending': 'press tending',
    'food-handling': 'food handling',
  };
  return labels[app] ?? app;
}

/**
 * Synonyms, most specific first: the first pattern that matches wins, so "spot welding"
 * is found before "welding" and "bin picking" before "picking".
 */
export const applicationSynonyms: Array<[Application, RegExp]> = [
  ['spot-welding', /\b(spot[- ]?weld(?:ing|s|er)?|resistance weld(?:ing)?)\b/i],
  ['arc-welding', /\b(arc[- ]?weld(?:ing|s)?|mig(?:\/mag)?|mag weld(?:ing)?|tig|gmaw|gtaw|seam weld(?:ing)?|weld(?:ing)? torch)\b/i],
  ['welding', /\b(weld(?:ing|s|er|ers|ed)?|laser weld(?:ing)?)\b/i],
  ['palletizing', /\b((?:de)?palleti[sz](?:ing|e|er|ers|ation)|pallets?|end[- ]of[- ]line stacking|stacking (?:boxes|bags|cases|cartons))\b/i],
  ['machine-tending', /\b(machine[- ]tending|tend(?:ing)? (?:a |the |our |my )?(?:cnc|lathe|mill|machine|machines)|cnc (?:loading|unloading|tending|load|unload|machine|machines|lathe|mill|cell)|(?:load(?:ing)?|unload(?:ing)?) (?:a |the |our |my )?(?:cnc|lathe|mill|milling machine|machining cent(?:er|re)|injection mou?ld(?:ing)? machine)|injection mou?ld(?:ing)? machine|lathe|machining cent(?:er|re))\b/i],
  ['press-tending', /\b(press[- ]tending|press (?:loading|unloading|line)|(?:load(?:ing)?|unload(?:ing)?|tend(?:ing)?) (?:a |the )?(?:stamping )?press(?:es)?|stamping press|press brake)\b/i],
  ['pick-and-place', /\b(pick[- ](?:and|&|n)[- ]place|bin[- ]picking|random bin|pick(?:ing)? (?:\S+ ){0,4}(?:from|out of) (?:a |the )?bins?|picking|sorting|sort (?:parts|items|products)|kitting)\b/i],
  ['packaging', /\b(packag(?:ing|e)|pack(?:ing)?|case[- ]packing|cartoning|boxing|bagging|tray loading|wrapping)\b/i],
  ['painting', /\b(paint(?:ing|s|er)?|spray(?:ing)?|coating)\b/i],
  ['dispensing', /\b(dispens(?:ing|e)|glu(?:e|ing)|adhesive|seal(?:ing|ant)|bead of)\b/i],
  ['polishing', /\b(polish(?:ing)?|grind(?:ing)?|sand(?:ing)?|surface finishing|buffing)\b/i],
  ['deburring', /\b(deburr(?:ing)?|trimming|flash removal)\b/i],
  ['screwdriving', /\b(screw[- ]?driv(?:ing|er)|screwing|(?:driving|drive|fasten(?:ing)?) screws|nut[- ]?running|fastening)\b/i],
  ['inspection', /\b(inspect(?:ion|ing)?|quality (?:check|control)|vision (?:check|inspection)|measur(?:ing|ement)|testing)\b/i],
  ['laboratory', /\b(lab(?:oratory)?|pipett(?:e|ing)|sample handling|test tubes?|microplates?|liquid handling)\b/i],
  ['cutting', /\b(cutting|laser cut(?:ting)?|water[- ]?jet|plasma cut(?:ting)?|routing|slicing)\b/i],
  ['food-handling', /\b(food[- ]handling|handling food|(?:raw )?meat|poultry|bakery|confectionery|fresh produce)\b/i],
  ['cleanroom', /\b(clean[- ]?room|wafer handling|wafers?)\b/i],
  ['assembly', /\b(assembl(?:y|e|ing)|insertion|inserting|press[- ]fit(?:ting)?)\b/i],
  ['material-handling', /\b(material handling|materials handling|handling|transfer(?:ring)? parts|part transfer|conveyor (?:loading|transfer)|moving (?:parts|boxes|products))\b/i],
];

/**
 * Applications a catalog robot may list that also satisfy a request ("welding" is met by arc or
 * spot welding): the one reading the search box and project matches use (packages/requirements).
 */
export function applicationMatches(requested: string): string[] {
  return applicationsCovered(requested);
}

/** Whether a robot listing `listed` applications is listed for the `requested` one. */
export function listedFor(listed: readonly string[], requested: string): boolean {
  const matches = applicationMatches(requested);
  return listed.some((a) => matches.includes(a));
}

export const industries = [
  'automotive',
  'electronics',
  'food-and-beverage',
  'pharmaceutical',
  'medical-devices',
  'logistics',
  'metal-fabrication',
  'plastics',
  'aerospace',
  'consumer-goods',
  'general-manufacturing',
] as const;
export type Industry = (typeof industries)[number];

export const industrySynonyms: Array<[Industry, RegExp]> = [
  ['automotive', /\b(automotive|car (?:parts|plant|body|maker|manufacturer)s?|cars|auto parts|tier[- ]?[12]|oem|vehicles?|body[- ]in[- ]white|ev battery)\b/i],
  ['electronics', /\b(electronics?|pcbs?|printed circuit|smt|semiconductors?|circuit boards?|smartphones?|connectors)\b/i],
  ['food-and-beverage', /\b(food|beverages?|drinks?|bottl(?:es|ing)|dairy|bakery|meat|poultry|snacks?|confectionery|brewery)\b/i],
  ['pharmaceutical', /\b(pharma(?:ceutical)?s?|drugs?|vials?|syringes?|tablets)\b/i],
  ['medical-devices', /\b(medical(?: devices?)?|implants?|surgical|catheters?)\b/i],
  ['logistics', /\b(logistics|warehous(?:e|es|ing)|e-?commerce|distribution cent(?:er|re)|fulfil?ment|parcels?|order picking)\b/i],
  ['metal-fabrication', /\b(metal(?:work(?:ing)?)?|sheet metal|fabricat(?:ion|ors?)|foundry|forging|castings?|steel|aluminium|aluminum|machin(?:ing|ed) parts)\b/i],
  ['plastics', /\b(plastics?|injection mou?ld(?:ing|ed)?|thermoform(?:ing)?|blow mou?ld(?:ing)?)\b/i],
  ['aerospace', /\b(aerospace|aircraft|aviation|airframe|composites?)\b/i],
  ['consumer-goods', /\b(consumer goods|cosmetics|household products|toys|appliances|fmcg)\b/i],
  ['general-manufacturing', /\b(general manufacturing|job shop|contract manufactur(?:ing|er))\b/i],
];

/**
 * Maker aliases -> the manufacturer name used in the catalog. "UR" only counts in
 * capitals (lower-case "ur" is too often a typo for "your").
 */
export const manufacturerAliases: Array<[string, RegExp]> = [
  ['Universal Robots', /\b(universal[- ]robots?|UR(?= |$|[,.;:!?)])|UR cobots?|e-series)\b/],
  ['Universal Robots', /\buniversal robots?\b/i],
  ['FANUC', /\bfanuc\b/i],
  ['ABB', /\babb\b/i],
  ['KUKA', /\bkuka\b/i],
  ['Yaskawa', /\b(yaskawa|motoman)\b/i],
  ['Kawasaki', /\bkawasaki\b/i],
  ['Stäubli', /\b(st[äa]e?ubli)\b/i],
  ['Epson', /\bepson\b/i],
  ['Denso', /\bdenso\b/i],
  ['Nachi', /\bnachi(?:[- ]fujikoshi)?\b/i],
  ['Doosan Robotics', /\bdoosan\b/i],
  ['Techman Robot', /\b(techman|tm robot)\b/i],
  ['Omron', /\bomron\b/i],
  ['Mitsubishi Electric', /\b(mitsubishi|melfa)\b/i],
  ['Comau', /\bcomau\b/i],
  ['Franka Robotics', /\b(franka(?: emika)?)\b/i],
  ['Kinova', /\bkinova\b/i],
];

/** Robot categories (catalog values) and how people ask for them. */
export const categorySynonyms: Array<[string, RegExp]> = [
  ['collaborative', /\b(cobots?|collaborative|co-bots?|work(?:ing)? (?:next to|alongside) (?:people|humans|operators))\b/i],
  ['scara', /\bscaras?\b/i],
  ['delta', /\b(delta|parallel[- ]link|spider) robots?\b|\bdeltas?\b/i],
  ['palletizing', /\b(4[- ]axis palleti[sz]ers?|palleti[sz]ers?|palleti[sz]ing robots?)\b/i],
  ['heavy-payload', /\b(heavy[- ]payload|heavy[- ]duty|high[- ]payload)\b/i],
];

/** Controller and platform names: they look like model names but are not robots. */
export const controllerNames = [
  'r30ia',
  'r30ib',
  'r30ibplus',
  'r30ibmate',
  'r30ibminiplus',
  'r30ibmateplus',
  'r30iamate',
  'rj3',
  'rj3ib',
  'irc5',
  'omnicore',
  'krc2',
  'krc4',
  'krc5',
  'kssv8',
  'yrc1000',
  'yrc1000micro',
  'dx100',
  'dx200',
  'fs100',
  'nx100',
  'cb3',
  'cb2',
  'rc700',
  'rc90',
  'rc800',
  'rc8',
  'rc8a',
  'rc9',
  'cr750',
  'cr800',
  'e10',
  'e20',
  'iso10218',
  'iso102181',
  'iso102182',
  'ts15066',
  'iso15066',
  'iso13849',
  'iec61508',
  'ip67',
  'ip65',
  'ip54',
  'sw5',
];

/** Canonical catalog manufacturer names for the makers the assistant knows by alias. */
export const knownManufacturers = [...new Set(manufacturerAliases.map(([name]) => name))];
