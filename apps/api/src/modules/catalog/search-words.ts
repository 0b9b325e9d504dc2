import { countryNames, ipLabel, type BuyerRequirements, type NumericConstraint, type RobotQuery, type SearchInterpretation } from '@cellforge/contracts';
import { displayFigure } from '@cellforge/contracts/constants';
import { applicationsCovered, budgetInUsd, cleanroomIsoClassOf, makerCountry, parseRequirements, wantedCategories } from '@cellforge/requirements';
import { requiredPayloadKg, TOOL_MARGIN } from '@cellforge/robot-fit';

/** The catalog applications a buyer's application word covers (itself, or its family): the one reading, packages/requirements. */
export { applicationsCovered };

const figure = (n: number) => String(Number(n.toPrecision(6)));

export interface ReadSearch {
  /** The query to run: the parameters given, plus what the words became. */
  query: RobotQuery;
  interpretation?: SearchInterpretation;
}

/** A figure whose unit is no mass or length, said as the chat says it (ai advisor i18n unknownUnit, English). */
export function unknownUnitNote(said: string, slot: 'payload' | 'reach'): string {
  return slot === 'payload'
    ? `"${said}" is not a unit of mass (weight), so the payload was not used: give it in kg, g, t, lb or oz`
    : `"${said}" is not a unit of length, so the reach was not used: give it in mm, cm, m, in or ft`;
}

/** True when the words say more than a name: a figure, an exclusion, a type, an application, a place. */
function saysMoreThanNames(r: BuyerRequirements): boolean {
  return Boolean(
    r.payloadKg || r.reachMm || r.axes || r.budget || r.repeatabilityMm || r.cycleTimeS || r.robotWeightKg ||
      r.makers.exclude.length || r.makerCountries.include.length || r.makerCountries.exclude.length ||
      r.robotTypes.include.length || r.robotTypes.exclude.length || r.applications.length ||
      Object.values(r.environment).some((v) => v !== undefined && v !== false) || r.mounting.length ||
      r.unknownUnits?.length,
  );
}

/**
 * The catalog search box read as a buyer writes it (issue 12): "palletizer for 40 kg
 * sacks, no FANUC" becomes payload >= 40 kg, category palletizing, application
 * palletizing and FANUC excluded, with the words that are not constraints still searched
 * as names. The reading is the one packages/requirements gives the chat and project
 * matching. A query that only names makers and models ("fanuc m20", "ur 10e") is left
 * to the name search, which already ranks model numbers. Parameters the visitor chose
 * win over the words; what the catalog cannot check (IP rating, food-grade, cycle time)
 * is listed in `not_applied` instead of silently dropped. Environment words (IP67,
 * food-grade, cleanroom ISO 5, ceiling mounting, Japanese makers) are hard filters.
 *
 * A stated payload or reach ("10 kg", "1300 mm") is what the robot must at least manage;
 * "under" / "no more than" make it a maximum. A stated budget is a maximum price.
 */
export function readSearchWords(query: RobotQuery, knownMakers: readonly string[]): ReadSearch {
  if (!query.q) return { query };
  return readSearchReading(query, parseRequirements(query.q, { knownMakers }), knownMakers);
}

/**
 * readSearchWords on a reading already made of `query.q` (a project's description is parsed
 * once, and the same reading fills its requirement fields and these filters).
 */
export function readSearchReading(query: RobotQuery, r: BuyerRequirements, knownMakers: readonly string[]): ReadSearch {
  if (!query.q || !saysMoreThanNames(r)) return { query };

  const filters: Record<string, string> = {};
  const notApplied: string[] = [];
  const set = (key: keyof RobotQuery, value: string, phrase: string) => {
    if (query[key] !== undefined && String(query[key]) !== value) {
      notApplied.push(`${phrase}: kept the ${key} filter you chose`);
      return;
    }
    filters[key] = value;
  };
  const needs = (c: NumericConstraint | undefined, minKey: keyof RobotQuery, maxKey: keyof RobotQuery, unit: string) => {
    if (!c) return;
    const stated = c.min !== undefined && c.min === c.max;
    if (c.min !== undefined) set(minKey, figure(c.min), `at least ${figure(c.min)}${unit}`);
    if (c.max !== undefined && !stated) set(maxKey, figure(c.max), `at most ${figure(c.max)}${unit}`);
  };
  // The payload stated is the part: the robot needs it plus the tool allowance, by the one
  // robot-fit rule the chat and project matches use (the chip and the chat show the same kg).
  const readAs = [...r.readAs];
  if (r.payloadKg?.min !== undefined) {
    const part = r.payloadKg.min;
    const need = requiredPayloadKg(part);
    const upper = r.payloadKg.max !== undefined && r.payloadKg.max !== part ? r.payloadKg.max : undefined;
    set('minPayload', figure(need), `at least ${displayFigure(need)} kg`);
    if (upper !== undefined) set('maxPayload', figure(upper), `at most ${displayFigure(upper)} kg`);
    const phrase = `payload ≥ ${displayFigure(need)} kg (${displayFigure(part)} kg part + ${TOOL_MARGIN * 100}% for the gripper)${upper !== undefined ? `, rated at most ${displayFigure(upper)} kg` : ''}`;
    const at = readAs.findIndex((p) => p.startsWith('payload '));
    if (at >= 0) readAs[at] = phrase;
    else readAs.unshift(phrase);
  } else if (r.payloadKg?.max !== undefined) {
    set('maxPayload', figure(r.payloadKg.max), `at most ${displayFigure(r.payloadKg.max)} kg`);
  }
  needs(r.reachMm, 'minReach', 'maxReach', ' mm');
  if (r.axes) {
    if (r.axes.min !== undefined) set('minAxes', figure(r.axes.min), `${figure(r.axes.min)} axes`);
    if (r.axes.max !== undefined) set('maxAxes', figure(r.axes.max), `${figure(r.axes.max)} axes`);
  }

  // A budget in any currency is applied in the catalog's USD by the one table of
  // packages/requirements (the reading says both: "budget ≤ €40,000 (≈ $43,300)").
  if (r.budget) {
    const usd = budgetInUsd(r.budget);
    if (usd.max !== undefined) set('maxPrice', figure(usd.max), `budget ${figure(usd.max)} USD`);
    if (usd.min !== undefined && r.budget.min !== r.budget.max) set('minPrice', figure(usd.min), `budget from ${figure(usd.min)} USD`);
  }

  // Makers: named ones, and the makers' home countries (robots.maker_country); excluded ones and countries.
  const makers = [...r.makers.include];
  if (r.makerCountries.include.length) {
    const countries = r.makerCountries.include.join(',');
    set('makerCountry', countries, `made in ${r.makerCountries.include.map((c) => countryNames[c] ?? c).join(' or ')}`);
  }
  const excluded = [
    ...r.makers.exclude,
    ...knownMakers.filter((m) => r.makerCountries.exclude.includes(makerCountry(m) ?? '')),
  ].filter((m) => !makers.includes(m));
  if (makers.length) set('manufacturer', makers.join(','), `only ${makers.join(' or ')}`);
  // Preferred makers rank first and exclude no one (the chat ranks them first too).
  const preferred = (r.preferredMakers ?? []).filter((m) => !makers.includes(m));
  if (preferred.length) {
    filters.preferManufacturer = preferred.join(',');
    const at = readAs.findIndex((p) => p.startsWith('preferably '));
    if (at >= 0) readAs[at] = `${readAs[at]} (listed first)`;
  }
  if (excluded.length) {
    const chosen = query.manufacturer?.toLowerCase().split(',').map((m) => m.trim()) ?? [];
    const clash = excluded.filter((m) => chosen.includes(m.toLowerCase()));
    for (const m of clash) notApplied.push(`not ${m}: kept the manufacturer filter you chose`);
    const rest = excluded.filter((m) => !clash.includes(m));
    if (rest.length) filters.excludeManufacturer = [...new Set([...(query.excludeManufacturer ? [query.excludeManufacturer] : []), ...rest])].join(',');
  }

  // "palletizer for 40 kg sacks" is the task (the application), "type palletizer" the category.
  const categories = wantedCategories(r);
  if (r.robotTypes.include.includes('palletizer') && !categories.includes('palletizing')) {
    const at = readAs.indexOf('type palletizer');
    if (at >= 0) readAs.splice(at, 1);
  }
  if (r.robotTypes.include.includes('gantry')) notApplied.push('gantry robots: the catalog lists none');
  if (categories.length) set('category', [...new Set(categories)].join(','), `type ${categories.join(' or ')}`);
  for (const t of r.robotTypes.exclude) notApplied.push(`not ${t}: choose the types you want in the Category filter`);

  if (r.applications.length) {
    const apps = [...new Set(r.applications.flatMap(applicationsCovered))];
    set('application', apps.join(','), `for ${r.applications.join(', ')}`);
  }

  // Environment and mounting (migration 0009): hard filters; robots with no published value
  // are left out and counted in the answer's unknown_values.
  const env = r.environment;
  if (env.ipRatingMin !== undefined) set('minIp', String(env.ipRatingMin), `${ipLabel(env.ipRatingMin)} or better`);
  if (env.foodGrade) set('foodGrade', 'true', 'food-grade');
  const cleanroom = cleanroomIsoClassOf(env);
  if (cleanroom !== undefined) set('cleanroom', String(cleanroom), cleanroom === 'any' ? 'cleanroom' : `cleanroom ISO ${cleanroom} or cleaner`);
  if (env.washdown) notApplied.push('washdown: the catalog does not record washdown ratings; an IP rating of IP67 or better is the usual sign');
  if (env.explosionProof) notApplied.push('explosion-proof: the catalog does not record explosion protection yet; ask the supplier for ATEX versions');
  if (r.mounting.length) set('mounting', r.mounting.join(','), `${r.mounting.join(' or ')} mounting`);
  // Repeatability (migration 0023): "0.02 mm or better" and "±0.02 mm" are both at most 0.02 mm;
  // robots that publish none are left out (and counted in the answer's unknown_values).
  const repeatability = r.repeatabilityMm?.max ?? r.repeatabilityMm?.min;
  if (repeatability !== undefined) {
    set('maxRepeatability', figure(repeatability), `repeatability at most ${figure(repeatability)} mm`);
    const phrase = `repeatability ≤ ${displayFigure(repeatability)} mm (robots that publish none are left out)`;
    const at = readAs.findIndex((p) => p.startsWith('repeatability '));
    if (at >= 0) readAs[at] = phrase;
    else readAs.push(phrase);
  }
  // "payload 5 lightyears": the parser read no figure from it (packages/requirements findUnknownUnits); said, not dropped.
  const unknownUnits = (r.unknownUnits ?? []).map((u) => ({ ...u, message: unknownUnitNote(u.said, u.slot) }));
  if (r.cycleTimeS) notApplied.push('cycle time: the catalog holds no speed data; ask the supplier for a cycle-time study');
  if (r.robotWeightKg) notApplied.push('robot weight: not a catalog filter yet');

  const text = r.freeText.trim() || null;
  const next: RobotQuery = { ...query, ...filters, q: text ?? undefined };
  for (const key of ['minPayload', 'maxPayload', 'minReach', 'maxReach', 'minPrice', 'maxPrice', 'minAxes', 'maxAxes', 'minIp', 'maxRepeatability'] as const) {
    if (filters[key] !== undefined) next[key] = Number(filters[key]);
  }
  if (filters.cleanroom !== undefined) next.cleanroom = filters.cleanroom === 'any' ? 'any' : Number(filters.cleanroom);
  if (filters.foodGrade !== undefined) next.foodGrade = 'true';
  return {
    query: next,
    interpretation: { q: query.q, text, read_as: readAs, filters, not_applied: notApplied, ...(unknownUnits.length ? { unknown_units: unknownUnits } : {}) },
  };
}
