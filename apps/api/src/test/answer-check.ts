import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { apiRoutes, isMediaAnswer, type RouteSpec } from '@cellforge/contracts/routes';
import { buildOpenApiDocument, type OpenApiDocument } from '@cellforge/contracts/openapi';
import type { ObservedAnswer } from '../middleware/observe-answers';

/**
 * Issue 17: every answer the API test suite sees is checked against the OpenAPI
 * document (the JSON Schema generated from the route table, not the zod schema: an
 * extra field the document does not list is a mismatch too). useTestApp passes
 * `checkAnswer` to createApp; the setup file (answer-check.setup.ts) fails the test
 * during which a mismatching answer was sent.
 */

interface TableRoute {
  operationId: string;
  spec: RouteSpec;
  pattern: RegExp;
  /** Fewer parameters first: /api/robots/compare before /api/robots/{id}. */
  params: number;
}

const table: TableRoute[] = Object.entries(apiRoutes as Record<string, RouteSpec>)
  .map(([operationId, spec]) => ({
    operationId,
    spec,
    pattern: new RegExp(`^${spec.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`),
    params: (spec.path.match(/\{/g) ?? []).length,
  }))
  .sort((a, b) => a.params - b.params);

/** The table entry that answers `method path`, as the app's routers would pick it. */
export function findRoute(method: string, path: string): TableRoute | undefined {
  const m = method.toLowerCase();
  return table.find((r) => r.spec.method === m && r.pattern.test(path));
}

let doc: OpenApiDocument | undefined;
let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function validatorFor(schemaName: string): ValidateFunction {
  let validate = validators.get(schemaName);
  if (!validate) {
    if (!ajv) {
      doc = buildOpenApiDocument();
      // Formats are checked by the patterns zod writes beside them; strict off for OpenAPI's own keywords around the schemas.
      ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
      ajv.addSchema(doc, 'openapi');
    }
    validate = ajv.getSchema(`openapi#/components/schemas/${schemaName}`);
    if (!validate) throw new Error(`answer-check: no schema ${schemaName} in the document`);
    validators.set(schemaName, validate);
  }
  return validate;
}

function documentOnce(): OpenApiDocument {
  validatorFor('Error');
  if (!doc) throw new Error('answer-check: document not built');
  return doc;
}

/** components.schemas name of the JSON answer the document gives `operationId` for `status`, or a reason it has none. */
function documentedSchema(operationId: string, route: RouteSpec, status: number): { name: string } | { media: string; also: readonly string[] } | { empty: true } | { missing: string } {
  const answer = route.responses[status as keyof RouteSpec['responses']];
  if (answer === null) return { empty: true };
  if (isMediaAnswer(answer)) return { media: answer.media, also: answer.alsoMedia ?? [] };
  const document = documentOnce();
  const op = (document.paths[route.path]?.[route.method] ?? {}) as { responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: { $ref?: string } }> }> };
  let response = op.responses?.[String(status)];
  if (!response && status >= 400) response = op.responses?.default;
  if (!response) return { missing: `${route.method.toUpperCase()} ${route.path} (${operationId}) documents no ${status} answer` };
  if (response.$ref) return { name: 'Error' };
  const ref = response.content?.['application/json']?.schema?.$ref;
  if (!ref) return { missing: `${operationId}: the ${status} answer has no JSON schema` };
  return { name: ref.replace('#/components/schemas/', '') };
}

export interface Mismatch {
  answer: string;
  problem: string;
}

const mismatches: Mismatch[] = [];
export const answerCounts = { checked: 0, validatedJson: 0, byOperation: new Map<string, number>() };

/** Checks one answer; a mismatch is kept for the setup file to report. */
export function checkAnswer(answer: ObservedAnswer): void {
  if (answer.method === 'HEAD' || answer.method === 'OPTIONS' || answer.status === 304) return;
  const label = `${answer.method} ${answer.path} -> ${answer.status}`;
  const fail = (problem: string): void => {
    mismatches.push({ answer: label, problem });
  };
  answerCounts.checked += 1;
  const found = findRoute(answer.method, answer.path);
  let documented: ReturnType<typeof documentedSchema>;
  if (found) {
    answerCounts.byOperation.set(found.operationId, (answerCounts.byOperation.get(found.operationId) ?? 0) + 1);
    documented = documentedSchema(found.operationId, found.spec, answer.status);
  } else if (answer.status >= 400) documented = { name: 'Error' };
  // The web app's pages and files (WEB_DIST), served beside the API, are not part of it.
  else if (!answer.contentType?.startsWith('application/json')) return;
  else return fail('no route of the table answers this path');
  if ('missing' in documented) return fail(documented.missing);
  if ('empty' in documented) {
    if (answer.body !== undefined && String(answer.body).length > 0) fail('documented as empty (204) but has a body');
    return;
  }
  if ('media' in documented) {
    // The reference page's assets are one documented entry of several types.
    if (![documented.media, ...documented.also].some((media) => answer.contentType?.startsWith(media)) && found?.operationId !== 'apiReferenceAsset') fail(`documented as ${documented.media}, sent as ${answer.contentType ?? 'no content type'}`);
    return;
  }
  if (!answer.contentType?.startsWith('application/json')) return fail(`documented as JSON (${documented.name}), sent as ${answer.contentType ?? 'no content type'}`);
  let body: unknown;
  try {
    body = JSON.parse(String(answer.body));
  } catch {
    return fail('the body is not JSON');
  }
  const validate = validatorFor(documented.name);
  answerCounts.validatedJson += 1;
  if (!validate(body)) {
    const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
    fail(`does not match ${documented.name}: ${errors.join('; ')}`);
  }
}

/** The mismatches since the last call. */
export function takeAnswerMismatches(): Mismatch[] {
  return mismatches.splice(0, mismatches.length);
}
