import type { RobotRow } from '../../catalog';
import { analyzeModelMentions, candidateKeys, modelCandidates, type ModelMatch } from '../understanding/models';
import type { ModelNameIndex } from './model-index';

/**
 * Robots a text names, checked against the live catalog: `known` are catalog robots,
 * `unknown` are names shaped like a catalog family's models that match no robot. A family
 * name ("IRB 6700") counts as known when catalog variants exist ("IRB 6700-200/2.60").
 */
export async function findNamedRobots(names: ModelNameIndex, text: string): Promise<{ known: ModelMatch<RobotRow>[]; unknown: string[] }> {
  const { exact } = candidateKeys(modelCandidates(text));
  const [resolved, vocabulary] = await Promise.all([names.resolve(exact, []), names.vocabulary()]);
  return analyzeModelMentions(text, resolved.exact, vocabulary);
}
