import { makerCountryOfKey } from '@cellforge/contracts/constants';
/** Lower-case, accents removed ("Stäubli" -> "staubli"). */
export function foldText(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Letters and digits only: how model numbers are compared ("UR 10e" = "ur10e"). */
export function compactText(s: string): string {
  return foldText(s).replace(/[^a-z0-9]/g, '');
}

/** The upsert key of a catalog robot: maker and model compared without case, spaces or punctuation. */
export function normalizeRobotKey(manufacturer: string, model: string): string {
  return `${compactText(manufacturer)}|${compactText(model)}`;
}

/** Names people type for a maker, beside its official one. */
const makerAliases: Record<string, string[]> = {
  'universal robots': ['ur', 'universal'],
  yaskawa: ['motoman'],
  'mitsubishi electric': ['mitsubishi', 'melfa'],
  'doosan robotics': ['doosan'],
  'techman robot': ['techman', 'tm'],
  staubli: ['staeubli'],
  'kawasaki robotics': ['kawasaki'],
  'nachi-fujikoshi': ['nachi'],
  'denso wave': ['denso'],
  'omron adept': ['omron', 'adept'],
};

/**
 * The keys a maker + model may be stored under in the catalog, the typed key first: the
 * maker's official name and its aliases, each compacted ("UR", "UR 10e" ->
 * "ur|ur10e", "universalrobots|ur10e", "universal|ur10e"). Bulk imports match the shared
 * catalog by these, so "Motoman GP25" finds Yaskawa GP25 and "Kawasaki Robotics" finds
 * Kawasaki.
 */
export function robotKeyVariants(manufacturer: string, model: string): string[] {
  const maker = compactText(manufacturer);
  const modelKey = compactText(model);
  const makers = new Set([maker]);
  for (const [name, list] of Object.entries(makerAliases)) {
    const group = [name, ...list].map(compactText);
    if (group.includes(maker)) for (const m of group) makers.add(m);
  }
  // The catalog may store a maker by a shorter name than the official one ("Kawasaki" for Kawasaki Robotics, "Nachi").
  for (const m of [...makers]) {
    const first = Object.keys(makerAliases).find((name) => compactText(name) === m);
    const short = first?.split(/[\s-]+/)[0];
    if (short) makers.add(compactText(short));
  }
  return [...makers].map((m) => `${m}|${modelKey}`);
}

export interface RobotSearchInput {
  manufacturer: string;
  model: string;
  category?: string | null;
  applications?: string[] | null;
  industries?: string[] | null;
}

/**
 * The search columns of a robot row, and the maker's home country (makers.ts in contracts);
 * every insert path (seed, import, listings) uses this.
 */
export function robotSearchColumns(input: RobotSearchInput): { normalizedKey: string; searchText: string; compactText: string; makerCountry: string | null } {
  const maker = foldText(input.manufacturer);
  const aliases = Object.entries(makerAliases)
    .filter(([name]) => maker.includes(name) || name.includes(maker))
    .flatMap(([, list]) => list);
  const words = [
    maker,
    ...aliases,
    foldText(input.model),
    foldText(input.model).replace(/[^a-z0-9]+/g, ' '),
    foldText(input.category ?? ''),
    ...(input.applications ?? []).map((a) => foldText(a).replace(/-/g, ' ')),
    ...(input.industries ?? []).map((a) => foldText(a).replace(/-/g, ' ')),
  ];
  return {
    normalizedKey: normalizeRobotKey(input.manufacturer, input.model),
    makerCountry: makerCountryOfKey(compactText(input.manufacturer)),
    searchText: [...new Set(words.join(' ').split(/\s+/).filter(Boolean))].join(' '),
    compactText: `${compactText(input.manufacturer)} ${aliases.map(compactText).join(' ')} ${compactText(input.model)}`.trim(),
  };
}
