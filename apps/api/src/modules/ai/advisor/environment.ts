import { countryNames, ipLabel } from '@cellforge/contracts';
import type { EnvironmentQuery, RobotRow } from '../../catalog';

/**
 * The environment limits of a task (IP rating, cleanroom, food-grade, mounting, makers'
 * countries) in words, and a robot's published values against them. They are hard
 * limits: a robot whose value is not published does not pass (docs/decisions.md,
 * "Unknown environment values").
 */
export function environmentWords(env: EnvironmentQuery | undefined): string[] {
  if (!env) return [];
  const words: string[] = [];
  if (env.foodGrade) words.push('food-grade');
  if (env.minIp !== undefined) words.push(`${ipLabel(env.minIp)} or better`);
  if (env.cleanroom !== undefined) words.push(env.cleanroom === 'any' ? 'cleanroom-rated' : `cleanroom ISO ${env.cleanroom} or cleaner`);
  if (env.mounting) words.push(`${env.mounting.split(',').join(' or ')} mounting`);
  if (env.makerCountry) words.push(`made in ${env.makerCountry.split(',').map((c) => countryNames[c] ?? c).join(' or ')}`);
  return words;
}

type EnvironmentRow = Pick<RobotRow, 'ipRating' | 'cleanroomIsoClass' | 'foodGrade' | 'mounting' | 'makerCountry'>;

/** Each asked limit with the robot's value: met, missed ("IP66, IP67 needed") or not published. */
export function environmentChecks(r: EnvironmentRow, env: EnvironmentQuery | undefined): Array<{ ok: boolean | null; text: string }> {
  if (!env) return [];
  const checks: Array<{ ok: boolean | null; text: string }> = [];
  if (env.foodGrade) {
    checks.push(r.foodGrade === true ? { ok: true, text: 'food-grade' } : r.foodGrade === false ? { ok: false, text: 'not food-grade' } : { ok: null, text: 'food-grade rating not published' });
  }
  if (env.minIp !== undefined) {
    const need = ipLabel(env.minIp);
    checks.push(r.ipRating === null ? { ok: null, text: 'IP rating not published' } : { ok: r.ipRating >= env.minIp, text: r.ipRating >= env.minIp ? ipLabel(r.ipRating) : `${ipLabel(r.ipRating)}, ${need} needed` });
  }
  if (env.cleanroom !== undefined) {
    const wanted = env.cleanroom;
    if (r.cleanroomIsoClass === null) checks.push({ ok: null, text: 'cleanroom class not published' });
    else {
      const ok = wanted === 'any' || r.cleanroomIsoClass <= wanted;
      checks.push({ ok, text: ok ? `cleanroom ISO ${r.cleanroomIsoClass}` : `cleanroom ISO ${r.cleanroomIsoClass}, ISO ${String(wanted)} needed` });
    }
  }
  if (env.mounting) {
    const wanted = env.mounting.split(',');
    if (r.mounting === null) checks.push({ ok: null, text: 'mounting not published' });
    else {
      const ok = wanted.some((m) => r.mounting?.includes(m));
      checks.push({ ok, text: ok ? `${wanted.filter((m) => r.mounting?.includes(m)).join('/')} mounting allowed` : `mounting ${r.mounting.join('/')} only` });
    }
  }
  if (env.makerCountry) {
    const wanted = env.makerCountry.split(',');
    if (r.makerCountry === null) checks.push({ ok: null, text: "maker's country not known" });
    else {
      const ok = wanted.includes(r.makerCountry);
      checks.push({ ok, text: `made in ${countryNames[r.makerCountry] ?? r.makerCountry}` });
    }
  }
  return checks;
}
