import type { RobotRow } from '../../catalog';
import { analyzeModelMentions, candidateKeys, isFamilyOf, modelCandidates, normalizeModel, type ModelMatch } from '../understanding/models';
import type { ModelNameIndex } from './model-index';

/**
 * Robots a text names, checked against the live catalog: `known` are catalog robots,
 * `unknown` are model-like names of a catalog family that match no robot. A family name
 * ("IRB 6700") counts as known when catalog variants exist ("IRB 6700-200/2.60").
 */
export async function findNamedRobots(names: ModelNameIndex, text: string): Promise<{ known: ModelMatch<RobotRow>[]; unknown: string[] }> {
  const { exact } = candidateKeys(modelCandidates(text));
  const [resolved, families] = await Promise.all([names.resolve(exact, []), names.families()]);
  const found = analyzeModelMentions(text, resolved.exact, families);
  if (!found.unknown.length) return found;
  const variants = await names.resolve([], [...new Set(found.unknown.map(normalizeModel))]);
  const unknown = found.unknown.filter((name) => {
    const key = normalizeModel(name);
    return !(variants.prefix.get(key) ?? []).some((r) => isFamilyOf(key, r.model));
  });
  return { known: found.known, unknown };
}
