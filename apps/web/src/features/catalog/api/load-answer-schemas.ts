/** The catalog's answer schemas, fetched once, on the first read that needs them (not before the first paint). */
export function loadAnswerSchemas() {
  return import('./answer-schemas');
}
