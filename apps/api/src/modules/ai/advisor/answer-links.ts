import { MAX_ROBOT_LINKS, type ChatRobotLink } from '@cellforge/contracts';
import { robotCategories } from '@cellforge/contracts/constants';
import { requiredPayloadKg } from '@cellforge/robot-fit';
import type { RobotLimits } from '../understanding/conversation';
import type { Facts } from '../understanding/facts';
import { applicationMatches } from '../understanding/vocabulary';
import { candidateKeys, modelCandidates, pickMatches } from '../understanding/models';
import type { ModelNameIndex } from './model-index';

/**
 * The catalog robots an answer names, each with its page (issue 12: what the assistant
 * names is a link). Names are resolved by the same index that checks an answer names
 * only real robots, for the same reader, so a private robot is linked for its owner only.
 * Only the known names are read (findNamedRobots' matches, the same pickMatches over the
 * same candidates): the scan for names that look like a model and are none, which links
 * never use, was a tenth of the API's CPU per answer (docs/benchmarks.md, chat over HTTP).
 * The names are the index's at the answer's catalog version (`known`): no second read of
 * robots the answer already retrieved (session 15).
 */
export async function robotLinksOf(names: ModelNameIndex, text: string): Promise<ChatRobotLink[]> {
  const candidates = modelCandidates(text);
  const exact = await names.known(candidateKeys(candidates).exact);
  const known = pickMatches(candidates, exact);
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

/**
 * The compare page with the robots a comparison answer names (issue 12: "compare X and Y"
 * links the compare view), in the answer's order, only those the answer links (so only
 * robots the reader may see), two to four of them; the web's route is /compare?ids=a,b.
 */
export function compareHrefOf(named: ReadonlyArray<{ id: string }>, links: readonly ChatRobotLink[]): string | undefined {
  const linked = new Set(links.map((l) => l.href.replace(/^\/robots\//, '')));
  const ids = [...new Set(named.map((r) => r.id))].filter((id) => linked.has(id)).slice(0, 4);
  return ids.length >= 2 ? `/compare?ids=${ids.map(encodeURIComponent).join(',')}` : undefined;
}

/** The exact figure (to 6 significant digits), as the search box's reading filters: a link rounded to 0.1 kg would leave out robots the chat named. */
const figure = (n: number) => String(Number(n.toPrecision(6)));

const smallest = (...values: Array<number | undefined>) => {
  const set = values.filter((v): v is number => v !== undefined);
  return set.length ? Math.min(...set) : undefined;
};

/**
 * The catalog with the constraints the chat applied ("see more", issue 12): exactly the
 * robots the shortlist was drawn from. Every field of the task that the chat holds robots
 * to becomes the catalog filter of the same meaning (GET /api/robots reads the same
 * parameters as the catalog page): the payload the robot must carry (with the tool
 * allowance) and its upper bound, the reach and its maximum, the axes, the robot type, the
 * application, the makers asked for and those ruled out, the budget (maxPrice: the cheapest
 * price of the model, its suppliers' offers where it has some, as the chat's budget reads
 * it), the page's payload and price bounds, and the environment limits. A preference the
 * chat had to drop because nothing met it (`relaxed`: application, category, manufacturer,
 * budget) is left out too: the link never shows fewer robots than the chat names.
 */
export function catalogHrefOf(f: Facts, relaxed: readonly string[] = [], limits: RobotLimits = {}): string | undefined {
  if (f.payloadKg === undefined) return undefined;
  const kept = (key: string) => !relaxed.includes(key);
  const params = new URLSearchParams();
  params.set('minPayload', figure(Math.max(requiredPayloadKg(f.payloadKg, f.toolKg), limits.minPayloadKg ?? 0)));
  const maxPayload = smallest(f.maxPayloadKg, limits.maxPayloadKg);
  if (maxPayload !== undefined) params.set('maxPayload', figure(maxPayload));
  if (f.reachMm !== undefined) params.set('minReach', figure(f.reachMm));
  if (f.maxReachMm !== undefined) params.set('maxReach', figure(f.maxReachMm));
  // The types asked ("scara,delta": either), or every type but those ruled out ("no cobots"), as the catalog's category filter reads them.
  const types = f.category && kept('category') ? (f.categories ?? [f.category]) : f.excludedCategories?.length ? robotCategories.filter((c) => !f.excludedCategories?.includes(c)) : [];
  if (types.length) params.set('category', types.join(','));
  if (f.application && kept('application')) params.set('application', applicationMatches(f.application).join(','));
  if (f.manufacturers?.length && kept('manufacturer')) params.set('manufacturer', f.manufacturers.join(','));
  if (f.excludedManufacturers?.length) params.set('excludeManufacturer', f.excludedManufacturers.join(','));
  if (limits.minPriceUsd !== undefined) params.set('minPrice', String(Math.ceil(limits.minPriceUsd)));
  const budget = f.budgetUsd ?? limits.maxPriceUsd;
  if (budget !== undefined && kept('budget')) params.set('maxPrice', String(Math.floor(budget)));
  if (f.axes?.min !== undefined) params.set('minAxes', String(f.axes.min));
  if (f.axes?.max !== undefined) params.set('maxAxes', String(f.axes.max));
  const env = f.environment;
  if (env?.minIp !== undefined) params.set('minIp', String(env.minIp));
  if (env?.cleanroom !== undefined) params.set('cleanroom', String(env.cleanroom));
  if (env?.foodGrade) params.set('foodGrade', 'true');
  if (env?.mounting) params.set('mounting', env.mounting);
  if (env?.makerCountry) params.set('makerCountry', env.makerCountry);
  if (env?.maxRepeatability !== undefined) params.set('maxRepeatability', String(env.maxRepeatability));
  return `/catalog?${params.toString()}`;
}
