import { ipLabel } from '@cellforge/contracts';
import type { RobotMounting } from '@cellforge/contracts/constants';
import type { EnvironmentQuery, RobotRow } from '../../catalog';
import { countryName, environmentTextsFor } from './environment-texts';
import { messagesFor, type AnswerLanguage } from './i18n';

/**
 * The environment limits of a task (IP rating, cleanroom, food-grade, mounting, makers'
 * countries) in words, and a robot's published values against them, in the answer's
 * language. They are hard limits: a robot whose value is not published does not pass
 * (docs/decisions.md, "Unknown environment values").
 */
export function environmentWords(env: EnvironmentQuery | undefined, lang: AnswerLanguage = 'en'): string[] {
  if (!env) return [];
  const t = environmentTextsFor(lang);
  const or = ` ${messagesFor(lang).facts.or} `;
  const words: string[] = [];
  if (env.foodGrade) words.push(t.foodGrade);
  if (env.minIp !== undefined) words.push(t.ipOrBetter(ipLabel(env.minIp)));
  if (env.cleanroom !== undefined) words.push(env.cleanroom === 'any' ? t.cleanroomRated : t.cleanroomOrCleaner(String(env.cleanroom)));
  if (env.mounting) words.push(t.mounting(places(env.mounting.split(','), lang).join(or)));
  if (env.makerCountry) words.push(t.madeIn(env.makerCountry.split(',').map((c) => countryName(c, lang)).join(or)));
  if (env.maxRepeatability !== undefined) words.push(t.repeatabilityOrBetter(mm(env.maxRepeatability)));
  return words;
}

function places(mountings: readonly string[], lang: AnswerLanguage): string[] {
  const names = environmentTextsFor(lang).places as Record<string, string>;
  return mountings.map((m) => names[m as RobotMounting] ?? m);
}

/** "±0.02 mm" (up to three decimals, as the robot pages show it). */
const mm = (v: number) => `±${Number(v.toFixed(3))} mm`;

type EnvironmentRow = Pick<RobotRow, 'ipRating' | 'cleanroomIsoClass' | 'foodGrade' | 'mounting' | 'makerCountry'> & Partial<Pick<RobotRow, 'repeatabilityMm'>>;

/** Each asked limit with the robot's value: met, missed ("IP66, IP67 needed") or not published. */
/** One asked limit against a robot; `figure`: the robot's own figure (repeatability), which a robot line may already show. */
export interface EnvironmentCheck {
  ok: boolean | null;
  text: string;
  figure?: 'repeatability';
}

export function environmentChecks(r: EnvironmentRow, env: EnvironmentQuery | undefined, lang: AnswerLanguage = 'en'): EnvironmentCheck[] {
  if (!env) return [];
  const t = environmentTextsFor(lang);
  const checks: EnvironmentCheck[] = [];
  if (env.foodGrade) {
    checks.push(r.foodGrade === true ? { ok: true, text: t.foodGrade } : r.foodGrade === false ? { ok: false, text: t.notFoodGrade } : { ok: null, text: t.foodGradeUnknown });
  }
  if (env.minIp !== undefined) {
    const need = ipLabel(env.minIp);
    checks.push(r.ipRating === null ? { ok: null, text: t.ipUnknown } : { ok: r.ipRating >= env.minIp, text: r.ipRating >= env.minIp ? ipLabel(r.ipRating) : t.ipNeeded(ipLabel(r.ipRating), need) });
  }
  if (env.cleanroom !== undefined) {
    const wanted = env.cleanroom;
    if (r.cleanroomIsoClass === null) checks.push({ ok: null, text: t.cleanroomUnknown });
    else {
      const ok = wanted === 'any' || r.cleanroomIsoClass <= wanted;
      checks.push({ ok, text: ok ? t.cleanroomIs(String(r.cleanroomIsoClass)) : t.cleanroomNeeded(String(r.cleanroomIsoClass), String(wanted)) });
    }
  }
  if (env.mounting) {
    const wanted = env.mounting.split(',');
    if (r.mounting === null) checks.push({ ok: null, text: t.mountingUnknown });
    else {
      const ok = wanted.some((m) => r.mounting?.includes(m));
      checks.push({ ok, text: ok ? t.mountingAllowed(places(wanted.filter((m) => r.mounting?.includes(m)), lang).join('/')) : t.mountingOnly(places(r.mounting, lang).join('/')) });
    }
  }
  if (env.makerCountry) {
    const wanted = env.makerCountry.split(',');
    if (r.makerCountry === null) checks.push({ ok: null, text: t.countryUnknown });
    else checks.push({ ok: wanted.includes(r.makerCountry), text: t.madeIn(countryName(r.makerCountry, lang)) });
  }
  if (env.maxRepeatability !== undefined) {
    const has = r.repeatabilityMm ?? null;
    const need = env.maxRepeatability;
    checks.push(
      has === null
        ? { ok: null, text: t.repeatabilityUnknown, figure: 'repeatability' }
        : { ok: has <= need, text: has <= need ? t.repeatabilityOrBetter(mm(need)) : t.repeatabilityNeeded(mm(has), mm(need)), figure: 'repeatability' },
    );
  }
  return checks;
}
