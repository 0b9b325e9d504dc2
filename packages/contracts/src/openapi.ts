import { z } from 'zod';
import { roiInputsSchema, roiResultSchema } from '@cellforge/roi';
import { authResponseSchema, userSchema } from './auth';
import { apiErrorSchema, errorCodes } from './errors';
import { listingInputSchema } from './listings';
import { leadListResponseSchema, leadResponseSchema, leadSchema } from './leads';
import { bulkImportRequestSchema, bulkImportResponseSchema, bulkParseResponseSchema, bulkValidateRequestSchema, bulkValidateResponseSchema } from './bulk-upload';
import { offerListResponseSchema, offerResponseSchema, offerSchema } from './offers';
import { analysisJobSchema, stage1ResultsSchema, stage2ResultsSchema } from './perception';
import { createProjectSchema, customerProjectListResponseSchema, customerProjectResponseSchema, customerProjectSchema, projectStatsResponseSchema, projectStatsSchema, updateProjectSchema } from './projects';
import { quoteRequestListSchema, quoteRequestSchema, threadDetailResponseSchema, threadDetailSchema, threadSchema } from './quotes';
import { robotCompareResponseSchema, robotDetailResponseSchema, robotSchema } from './robots';
import { apiRoutes, describeAccess, errorStatusesOf, isMediaAnswer, routeTags, type ErrorStatus, type RouteSpec } from './routes';

/**
 * The OpenAPI 3.1 document of the route table, made with zod 4's own JSON Schema output
 * (z.toJSONSchema): nothing here repeats a schema by hand. Answers are converted as
 * output (what the API sends), bodies, queries and path parameters as input (what a
 * client may send: defaults make fields optional).
 */

type JsonSchema = Record<string, unknown>;

/** Schemas named in components.schemas (answers); the rest are named after their route. */
const sharedAnswers: Record<string, z.ZodType> = {
  Error: apiErrorSchema,
  User: userSchema,
  AuthResponse: authResponseSchema,
  Robot: robotSchema,
  RobotResponse: robotDetailResponseSchema,
  RobotsResponse: robotCompareResponseSchema,
  Offer: offerSchema,
  Lead: leadSchema,
  QuoteRequest: quoteRequestSchema,
  Thread: threadSchema,
  ThreadDetail: threadDetailSchema,
  ThreadDetailResponse: threadDetailResponseSchema,
  CustomerProject: customerProjectSchema,
  ProjectStats: projectStatsSchema,
  AnalysisJob: analysisJobSchema,
  Stage1Results: stage1ResultsSchema,
  Stage2Results: stage2ResultsSchema,
  RoiResult: roiResultSchema,
  BulkParseResponse: bulkParseResponseSchema,
  BulkValidateResponse: bulkValidateResponseSchema,
  BulkImportResponse: bulkImportResponseSchema,
  CustomerProjectResponse: customerProjectResponseSchema,
  CustomerProjectListResponse: customerProjectListResponseSchema,
  ProjectStatsResponse: projectStatsResponseSchema,
  LeadResponse: leadResponseSchema,
  LeadListResponse: leadListResponseSchema,
  OfferResponse: offerResponseSchema,
  OfferListResponse: offerListResponseSchema,
  QuoteRequestListResponse: quoteRequestListSchema,
};
/** Request bodies named in components.schemas; the rest are named after their route. */
const sharedInputs: Record<string, z.ZodType> = {
  ListingInput: listingInputSchema,
  RoiInputs: roiInputsSchema,
  BulkValidateRequest: bulkValidateRequestSchema,
  BulkImportRequest: bulkImportRequestSchema,
  CreateProjectRequest: createProjectSchema,
  UpdateProjectRequest: updateProjectSchema,
};

const pascal = (operationId: string) => operationId.charAt(0).toUpperCase() + operationId.slice(1);

/** Statuses that share one error answer in components.responses. */
const errorResponses: Record<ErrorStatus | 'default', { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'The request is not valid: VALIDATION_FAILED (details name each field), BAD_REQUEST, INVALID_JSON.' },
  401: { name: 'Unauthenticated', description: 'No valid bearer token: UNAUTHENTICATED, TOKEN_INVALID, INVALID_CREDENTIALS.' },
  403: { name: 'Forbidden', description: 'The token is valid but its user may not do this: FORBIDDEN, ROLE_MISMATCH.' },
  404: { name: 'NotFound', description: 'No such object, or not one the caller may see (the same answer either way): NOT_FOUND.' },
  409: { name: 'Conflict', description: 'The object is not in a state that allows this: CONFLICT, EMAIL_TAKEN, NOT_CONFIRMED.' },
  413: { name: 'PayloadTooLarge', description: 'The body or file is larger than the limit: PAYLOAD_TOO_LARGE.' },
  415: { name: 'UnsupportedMediaType', description: 'The file is not of an accepted type: UNSUPPORTED_FILE_TYPE.' },
  422: { name: 'Unprocessable', description: 'The file could not be read: VIDEO_UNREADABLE, NO_VIDEO_FOUND, MANIFEST_INVALID, ZIP_*.' },
  429: { name: 'RateLimited', description: 'Too many requests: RATE_LIMITED. The RateLimit and RateLimit-Policy headers (draft 8) say when to retry.' },
  502: { name: 'UpstreamFailed', description: 'A service the API relies on failed: UPSTREAM_FAILED, CATALOG_UNAVAILABLE.' },
  503: { name: 'Unavailable', description: 'A service the API relies on is not available: SERVICE_UNAVAILABLE, STORAGE_UNAVAILABLE.' },
  504: { name: 'Timeout', description: 'A service the API relies on took too long: UPSTREAM_TIMEOUT, ANALYSIS_TIMEOUT.' },
  default: { name: 'Error', description: 'Any other error, in the same shape (INTERNAL for a fault of the server).' },
};

const statusDescriptions: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' };

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const uri = (id: string) => `#/components/schemas/${id}`;

/** One registry per direction; each schema object gets one name. */
class Names {
  readonly registry = z.registry<{ id: string }>();
  private readonly taken = new Set<string>();
  name(schema: z.ZodType, wanted: string): string {
    const known = this.registry.get(schema)?.id;
    if (known) return known;
    if (this.taken.has(wanted)) throw new Error(`openapi: two schemas want the component name ${wanted}`);
    this.taken.add(wanted);
    this.registry.add(schema, { id: wanted });
    return wanted;
  }
}

/** A JSON Schema made by zod, without the keys that only make sense at a document's root. */
function clean(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

/** The properties of an object schema's input side, for parameters (query, path) and multipart fields. */
function inputObject(schema: z.ZodType, where: string): { properties: Record<string, JsonSchema>; required: string[] } {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  if (json.type !== 'object' || typeof json.properties !== 'object' || json.properties === null) throw new Error(`openapi: ${where} must be an object schema`);
  if (json.$defs) throw new Error(`openapi: ${where} has nested definitions; keep parameters flat`);
  return { properties: json.properties as Record<string, JsonSchema>, required: Array.isArray(json.required) ? (json.required as string[]) : [] };
}

export interface OpenApiOptions {
  title?: string;
  version?: string;
  /** A server URL to list (e.g. the PUBLIC_URL); none: paths are relative to where the document was fetched. */
  serverUrl?: string;
}

export type OpenApiDocument = JsonSchema & { openapi: '3.1.0'; paths: Record<string, Record<string, JsonSchema>>; components: { schemas: Record<string, JsonSchema> } };

/** The OpenAPI 3.1 document of `routes` (default: the whole public API). */
export function buildOpenApiDocument(options: OpenApiOptions = {}, routes: Record<string, RouteSpec> = apiRoutes): OpenApiDocument {
  const answers = new Names();
  const inputs = new Names();
  for (const [name, schema] of Object.entries(sharedAnswers)) answers.name(schema, name);
  for (const [name, schema] of Object.entries(sharedInputs)) inputs.name(schema, name);

  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [operationId, spec] of Object.entries(routes)) {
    const op: JsonSchema = {
      operationId,
      summary: spec.summary,
      description: [
        spec.description,
        `**Who may call it:** ${describeAccess(spec.access)}`,
        `**API keys:** ${spec.apiKey ? `a key with the \`${spec.apiKey}\` scope` : 'not accepted (a signed-in session only)'}`,
        spec.rateLimit ? `**Rate limit:** ${spec.rateLimit}` : null,
      ]
        .filter(Boolean)
        .join('\n\n'),
      tags: [spec.tag],
      'x-access': spec.access,
      ...(spec.apiKey ? { 'x-api-key-scope': spec.apiKey } : {}),
    };
    // A key's scope is the role name of the apiKey scheme's requirement (OpenAPI 3.1 allows role names for non-OAuth schemes).
    const withKey = spec.apiKey ? [{ apiKey: [spec.apiKey] }] : [];
    if (spec.access.kind === 'signed-in') op.security = [{ bearerAuth: [] }, ...withKey];
    else if (spec.access.kind === 'optional') op.security = [{}, { bearerAuth: [] }, ...withKey];
    else op.security = withKey.length ? [{}, ...withKey] : [];

    const parameters: JsonSchema[] = [];
    const pathNames = [...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    if (spec.params) {
      const { properties } = inputObject(spec.params, `${operationId} params`);
      for (const [name, schema] of Object.entries(properties)) parameters.push({ name, in: 'path', required: true, schema });
    }
    for (const name of pathNames) {
      if (!parameters.some((p) => p.name === name)) throw new Error(`openapi: ${operationId} has {${String(name)}} in its path but no such field in params`);
    }
    if (spec.query) {
      const { properties, required } = inputObject(spec.query, `${operationId} query`);
      for (const [name, schema] of Object.entries(properties)) parameters.push({ name, in: 'query', required: required.includes(name), schema });
    }
    if (parameters.length) op.parameters = parameters;

    if (spec.body) {
      op.requestBody = { required: !spec.body.safeParse(undefined).success, content: { 'application/json': { schema: ref(inputs.name(spec.body, `${pascal(operationId)}Request`)) } } };
    } else if (spec.multipart) {
      const { properties, required } = inputObject(spec.multipart.fields, `${operationId} multipart fields`);
      op.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { file: { type: 'string', contentMediaType: 'application/octet-stream', description: spec.multipart.file }, ...properties },
              required: ['file', ...required],
            },
          },
        },
      };
    }

    const responses: Record<string, JsonSchema> = {};
    for (const [status, answer] of Object.entries(spec.responses) as [string, RouteSpec['responses'][keyof RouteSpec['responses']]][]) {
      const description = statusDescriptions[Number(status)] ?? errorResponses[Number(status) as ErrorStatus].description;
      if (answer === null || answer === undefined) responses[status] = { description };
      else if (isMediaAnswer(answer)) responses[status] = { description: answer.description, content: Object.fromEntries([answer.media, ...(answer.alsoMedia ?? [])].map((media) => [media, { schema: { type: 'string' } }])) };
      else {
        // A route with two success answers (200 and 202 of the analysis stages) names the second by its status.
        const firstSuccess = Object.keys(spec.responses).find((s) => Number(s) < 300);
        const suffix = Number(status) >= 400 || (Number(status) < 300 && status !== firstSuccess) ? status : '';
        const wanted = `${pascal(operationId)}${suffix}Response`;
        responses[status] = { description, content: { 'application/json': { schema: ref(answers.name(answer, wanted)) } } };
      }
    }
    for (const status of errorStatusesOf(spec)) responses[status] = { $ref: `#/components/responses/${errorResponses[status].name}` };
    responses.default = { $ref: '#/components/responses/Error' };
    op.responses = responses;

    (paths[spec.path] ??= {})[spec.method] = op;
  }

  const schemas: Record<string, JsonSchema> = {};
  const add = (converted: { schemas: Record<string, JsonSchema> }) => {
    for (const [name, schema] of Object.entries(converted.schemas)) {
      if (schemas[name]) throw new Error(`openapi: the component name ${name} is used for an answer and a request`);
      schemas[name] = clean(schema);
    }
  };
  add(z.toJSONSchema(answers.registry, { io: 'output', uri, unrepresentable: 'any' }));
  add(z.toJSONSchema(inputs.registry, { io: 'input', uri, unrepresentable: 'any' }));

  const componentResponses = Object.fromEntries(
    Object.values(errorResponses).map((r) => [r.name, { description: r.description, content: { 'application/json': { schema: ref('Error') } } }]),
  );

  return {
    openapi: '3.1.0',
    info: {
      title: options.title ?? 'CellForge API',
      version: options.version ?? '1',
      description:
        'The API the CellForge web app uses, for integrations: a supplier\'s product database pushing offers, an integrator\'s CRM reading requests for quote, a plant\'s ERP reading projects. ' +
        'Every error answers `{ message, error, code, details? }` with a stable `code` (components.schemas.Error lists them). Guide: docs/api.md in the repository.',
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    tags: Object.entries(routeTags).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas,
      responses: componentResponses,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'A session token from POST /auth/login or POST /auth/register (`token`), sent as `Authorization: Bearer <token>`. ' +
            'It expires after JWT_EXPIRES_IN_SECONDS and is revoked by POST /auth/logout or a password reset. ' +
            'API keys (prefix `cfk_`) are sent the same way: see the apiKey scheme.',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'cfk_...',
          description:
            'An API key created in Settings > API keys, sent as `Authorization: Bearer cfk_...`. It acts as its user and reaches only the operations whose ' +
            'requirement names one of its scopes (`x-api-key-scope`); any other operation answers 403 API_KEY_NOT_ALLOWED (docs/api-keys.md).',
        },
      },
    },
    'x-error-codes': errorCodes,
  } as OpenApiDocument;
}
