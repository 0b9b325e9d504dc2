import type { RobotRow } from '../../catalog';
import { applicationLabel } from '../understanding/vocabulary';
import { categoryLabel, formatNumber, joinWords, listApplications, priceBand, robotName } from './format';
import { checkFit, compareRobotRows } from './recommend';
import { similarRobots } from './catalog-memo';
import { emptyDraft, type AdvisorDeps, type Draft, type Understanding } from './types';
import { compareTextsFor } from './compare-texts';
import { categoryIn, formatterFor, joinList, messagesFor } from './i18n';
import { defined, nth } from '../../../lib/invariants';

export const COMPARE_LIMIT = 4;

/**
 * The robots a comparison is about: those a follow-up points at ("can they lift 12 kg?"),
 * named now, the compare page's, the detail page's robot, named earlier, the last answer's.
 */
export function robotsToCompare(u: Understanding): RobotRow[] {
  const list: RobotRow[] = [];
  const add = (rows: RobotRow[]) => {
    for (const r of rows) if (!list.some((x) => x.id === r.id) && list.length < COMPARE_LIMIT) list.push(r);
  };
  if (u.about?.kind === 'compare') add(u.about.robots);
  add(u.models);
  if (list.length < 2) add(u.compareRobots);
  if (list.length < 2 && u.pageRobot) add([u.pageRobot]);
  if (list.length < 2) add(u.historyModels.slice(-2));
  if (list.length < 2) add(u.assistantModels.slice(0, 3));
  return list;
}

function cell(value: number | null, unit: string | null, field?: string): string {
  if (value == null) return 'n/a';
  if (field === 'repeatability_mm') return `±${formatNumber(value, 3)} mm`;
  if (unit === 'USD') return `$${formatNumber(value, 0)}`;
  return unit ? `${formatNumber(value, 2)} ${unit}` : formatNumber(value, 0);
}

export async function answerComparison(deps: AdvisorDeps, u: Understanding): Promise<Draft> {
  const draft = emptyDraft();
  const list = robotsToCompare(u);

  if (list.length < 2) {
    const one = list[0];
    const lines: string[] = [];
    if (one) {
      // Offer real alternatives of the same kind so the next question names robots that exist.
      const similar = await similarRobots(deps.catalog, one);
      lines.push(`I found the ${robotName(one)} in the catalog. Which robot would you like to compare it with?`);
      if (similar.length) {
        lines.push('', 'Similar robots in the catalog:');
        for (const r of similar.slice(0, 3)) lines.push(`- ${robotName(r)}: ${formatNumber(r.payloadKg)} kg payload, ${formatNumber(r.reachMm, 0)} mm reach`);
      }
      draft.named.push(one, ...similar.slice(0, 3));
      draft.followUps = similar.slice(0, 2).map((r) => `Compare the ${one.model} with the ${r.model}?`);
      draft.sources = [{ manufacturer: one.manufacturer }];
    } else {
      lines.push('Which robots would you like to compare? Name two to four models, for example "UR10e vs CRX-10iA".');
      lines.push('I will put payload, reach, axes, repeatability, weight and indicative price side by side.');
      draft.followUps = ['Which two robot models should I compare?', 'What payload and reach does your task need?'];
    }
    draft.text = lines.join('\n');
    draft.askedForFacts = true;
    draft.actions = ['Browse the catalog and pick robots to compare'];
    return draft;
  }

  const lang = u.language ?? 'en';
  const t = compareTextsFor(lang);
  const x = formatterFor(lang);
  const join = (items: string[]) => (lang === 'en' ? joinWords(items) : joinList(items, t.and));
  const show = (value: number | null, unit: string | null, field: string) => {
    if (lang === 'en') return cell(value, unit, field);
    if (value == null) return t.na;
    if (field === 'repeatability_mm') return `±${x.num(value, 3)} mm`;
    return unit ? `${x.num(value, 2)} ${unit}` : x.num(value, 0);
  };
  const rows = compareRobotRows(list);
  const names = list.map((r) => r.model);
  const lines: string[] = [t.heading(join(list.map(robotName))), ''];
  for (const row of rows) {
    if (row.field === 'price_max_usd') continue;
    // A row no datasheet gives (e.g. repeatability for all) says nothing.
    if (row.field !== 'price_min_usd' && row.values.every((v) => v == null)) continue;
    if (row.field === 'price_min_usd') {
      const bands = list.map((r) => `${r.model} ${(lang === 'en' ? priceBand(r) : x.band(r.priceMinUsd, r.priceMaxUsd)) ?? t.na}`);
      const best = row.best.length && row.best.length < list.length ? ` (${t.lowest}: ${row.best.map((i) => names[i]).join(', ')})` : '';
      lines.push(`- ${t.price}: ${bands.join(' | ')}${best}`);
      continue;
    }
    const values = list.map((r, i) => `${r.model} ${show(row.values[i] ?? null, row.unit, row.field)}`);
    const bestLabel = row.better === 'higher' ? t.most : t.best;
    const best = row.best.length && row.best.length < list.length ? ` (${bestLabel}: ${row.best.map((i) => names[i]).join(', ')})` : '';
    lines.push(`- ${t.labels[row.label] ?? row.label}: ${values.join(' | ')}${best}`);
  }
  lines.push(`- ${t.type}: ${list.map((r) => `${r.model} ${lang === 'en' ? r.category : categoryIn(lang, r.category, categoryLabel).tag}`).join(' | ')}`);
  const apps = (r: RobotRow) => (lang === 'en' ? listApplications(r.applications, 3) : r.applications.slice(0, 3).map((a) => messagesFor(lang).app(a)).join(', '));
  lines.push(`- ${t.applications}: ${list.map((r) => `${r.model}: ${apps(r) || t.na}`).join(' | ')}`);

  const f = u.facts;
  if (f.payloadKg !== undefined || f.reachMm !== undefined) {
    lines.push('', t.againstTask);
    for (const r of list) {
      const fit = checkFit(r, { payloadKg: f.payloadKg, toolKg: f.toolKg, reachMm: f.reachMm, application: f.application }, lang);
      lines.push(`- ${r.model} ${fit.fits ? t.fits : t.doesNotFit}. ${fit.notes.join(' ')}`);
    }
  } else {
    const reach = defined(rows.find((r) => r.field === 'reach_mm'), 'the reach row of the comparison');
    const payload = defined(rows.find((r) => r.field === 'payload_kg'), 'the payload row of the comparison');
    const verdict: string[] = [];
    const heavy = payload.best.length === 1 ? names[nth(payload.best, 0)] : undefined;
    const far = reach.best.length === 1 ? names[nth(reach.best, 0)] : undefined;
    if (heavy && heavy === far) verdict.push(t.carriesMostAndFarthest(heavy));
    else {
      if (heavy) verdict.push(t.carriesMost(heavy));
      if (far) verdict.push(t.reachesFarthest(far));
    }
    const app = f.application ? (lang === 'en' ? applicationLabel(f.application) : messagesFor(lang).app(f.application)) : undefined;
    if (verdict.length) lines.push('', t.inShort(join(verdict), app));
  }
  lines.push('', t.prices);

  draft.text = lines.join('\n');
  draft.answered = true;
  draft.named = list;
  draft.followUps = [f.payloadKg === undefined ? t.taskQ : '', t.othersQ, f.cycleTimeS === undefined ? t.cycleQ : ''];
  draft.actions = [t.open(join(names)), t.roi];
  draft.sources = [...new Set(list.map((r) => r.manufacturer))].slice(0, 2).map((m) => {
    const r = defined(list.find((x) => x.manufacturer === m), `a ${m} robot in the list`);
    return { manufacturer: m, title: r.datasheetSource ?? `${robotName(r)} datasheet` };
  });
  return draft;
}
