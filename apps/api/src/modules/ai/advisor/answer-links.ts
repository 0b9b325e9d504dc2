import { MAX_ROBOT_LINKS, type ChatRobotLink } from '@cellforge/contracts';
import { requiredPayloadKg } from '@cellforge/robot-fit';
import type { Facts } from '../understanding/facts';
import { applicationMatches } from '../understanding/vocabulary';
import { findNamedRobots } from './mentions';
import type { ModelNameIndex } from './model-index';

/**
 * The catalog robots an answer names, each with its page (issue 12: what the assistant
 * names is a link). Names are resolved by the same index that checks an answer names
 * only real robots, for the same reader, so a private robot is linked for its owner only.
 */
export async function robotLinksOf(names: ModelNameIndex, text: string): Promise<ChatRobotLink[]> {
  const { known } = await findNamedRobots(names, text);
  const links: ChatRobotLink[] = [];
  const seen = new Set<string>();
  for (const match of known) {
    if (match.family || seen.has(match.text)) continue;
    seen.add(match.text);
    links.push({ text: match.text, name: `${match.robot.manufacturer} ${match.robot.model}`, href: `/robots/${match.robot.id}` });
    if (links.length >= MAX_ROBOT_LINKS) break;
  }
  return links;
}

/** The exact figure (to 6 significant digits), as the search box's reading filters: a link rounded to 0.1 kg would leave out robots the chat named. */
const figure = (n: number) => String(Number(n.toPrecision(6)));

/**
 * The catalog with the task's figures applied ("see more"): the payload the robot must
 * carry (with the tool allowance), the reach, its maximum, the application, the makers
 * asked for and those ruled out. The catalog page reads the same parameters.
 */
export function catalogHrefOf(f: Facts): string | undefined {
  if (f.payloadKg === undefined) return undefined;
  const params = new URLSearchParams();
  params.set('minPayload', figure(requiredPayloadKg(f.payloadKg, f.toolKg)));
  if (f.maxPayloadKg !== undefined) params.set('maxPayload', figure(f.maxPayloadKg));
  if (f.reachMm !== undefined) params.set('minReach', figure(f.reachMm));
  if (f.maxReachMm !== undefined) params.set('maxReach', figure(f.maxReachMm));
  if (f.application) params.set('application', applicationMatches(f.application).join(','));
  if (f.manufacturers?.length) params.set('manufacturer', f.manufacturers.join(','));
  if (f.excludedManufacturers?.length) params.set('excludeManufacturer', f.excludedManufacturers.join(','));
  if (f.axes?.min !== undefined) params.set('minAxes', String(f.axes.min));
  if (f.axes?.max !== undefined) params.set('maxAxes', String(f.axes.max));
  const env = f.environment;
  if (env?.minIp !== undefined) params.set('minIp', String(env.minIp));
  if (env?.cleanroom !== undefined) params.set('cleanroom', String(env.cleanroom));
  if (env?.foodGrade) params.set('foodGrade', 'true');
  if (env?.mounting) params.set('mounting', env.mounting);
  if (env?.makerCountry) params.set('makerCountry', env.makerCountry);
  return `/catalog?${params.toString()}`;
}
