import { z } from 'zod';
import { roiCalculateResponseSchema, roiInputsSchema } from '@cellforge/roi';
import {
  authResponseSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  meResponseSchema,
  passwordResetAnswerSchema,
  profileUpdateSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  verifyRequestSchema,
  verifyResponseSchema,
} from './auth';
import { apiKeyCreatedSchema, apiKeyListSchema, apiKeyResponseSchema, createApiKeySchema, type ApiKeyScope } from './api-keys';
import { betaSignupRequestSchema, betaSignupResponseSchema } from './beta-signup';
import {
  bulkEditRequestSchema,
  bulkEditResponseSchema,
  bulkErrorsCsvQuerySchema,
  bulkImportRequestSchema,
  bulkImportResponseSchema,
  bulkParseOptionsSchema,
  bulkParseResponseSchema,
  bulkSavedMappingListSchema,
  bulkSavedMappingSchema,
  bulkSaveMappingRequestSchema,
  bulkValidateRequestSchema,
  bulkValidateResponseSchema,
} from './bulk-upload';
import {
  chatRequestSchema,
  chatResponseSchema,
  compareRobotsRequestSchema,
  compareRobotsResponseSchema,
  recommendRobotsRequestSchema,
  recommendRobotsResponseSchema,
} from './chat';
import {
  catalogStatsResponseSchema,
  integratorCatalogQuerySchema,
  integratorCatalogResponseSchema,
  integratorRobotDetailResponseSchema,
  integratorSettingsResponseSchema,
  integratorSettingsSaveResponseSchema,
  integratorSettingsUpdateSchema,
} from './integrator';
import { createLeadSchema, expressInterestSchema, leadListResponseSchema, leadResponseSchema, updateLeadStatusSchema } from './leads';
import { listingInputSchema, listingStatusSchema, supplierAnalyticsQuerySchema, supplierAnalyticsResponseSchema, supplierFiguresResponseSchema, supplierListingsQuerySchema } from './listings';
import {
  createOfferResponseSchema,
  createOfferSchema,
  offerImageAltSchema,
  offerImageListResponseSchema,
  offerImageOrderSchema,
  offerImageResponseSchema,
  offerImageSizeParamSchema,
  offerImageUploadFieldsSchema,
  offerInputSchema,
  offerListResponseSchema,
  offerResponseSchema,
  offerStatusSchema,
  offerAnalyticsQuerySchema,
  offerAnalyticsResponseSchema,
} from './offers';
import { integratorCardListResponseSchema, integratorSearchQuerySchema, opportunityListResponseSchema } from './opportunities';
import {
  analysisJobListResponseSchema,
  analysisJobResponseSchema,
  analysisListQuerySchema,
  confirmAnswerSchema,
  confirmBodySchema,
  keyFrameQuerySchema,
  projectStage2AnswerSchema,
  stage1AnswerSchema,
  stage1BodySchema,
  stage2AnswerSchema,
  stageAcceptedResponseSchema,
  stageWaitQuerySchema,
  uploadVideoFieldsSchema,
  uploadVideoResponseSchema,
} from './perception';
import {
  createProjectSchema,
  customerProjectListResponseSchema,
  customerProjectResponseSchema,
  projectMatchesResponseSchema,
  projectStatsResponseSchema,
  projectStatusFilterSchema,
  updateProjectSchema,
} from './projects';
import {
  answerQuoteRequestSchema,
  createQuoteRequestSchema,
  quoteRequestCreatedSchema,
  quoteRequestListSchema,
  quoteRequestSchema,
  sendMessageSchema,
  sendQuoteSchema,
  threadDetailResponseSchema,
  threadListQuerySchema,
  threadListSchema,
  unreadCountSchema,
} from './quotes';
import { robotCompareQuerySchema, robotCompareResponseSchema, robotDetailResponseSchema, robotListResponseSchema, robotQuerySchema } from './robots';
import type { Permission } from './roles';
import type { Role } from './constants/roles';
import { contactRequestSchema, contactResponseSchema, healthResponseSchema, healthUnavailableSchema } from './site';
import {
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  webhookDeliveryAnswerSchema,
  webhookDeliveryListSchema,
  webhookEndpointAnswerSchema,
  webhookEndpointCreatedSchema,
  webhookEndpointListSchema,
  webhookSecretSchema,
} from './webhooks';

/**
 * The public API, one entry per route (issue 17). apps/api's tests check that every
 * route the app registers has an entry here and the other way round, and that every
 * JSON answer the API test suite sees matches the entry's schema for its status; the
 * OpenAPI document (/api/openapi.json, ./openapi.ts) is generated from this table.
 *
 * Adding a route is one entry: method, path (OpenAPI style, `{id}`), summary, tag,
 * access, its inputs and its answers per status, each a zod schema from the contracts.
 * Entries keep their zod types (`route()` returns its argument as written), so a typed
 * client can be derived from the table by inference.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call a route. */
export type RouteAccess =
  /** Anyone; no token is read. */
  | { kind: 'public' }
  /** Anyone; a valid bearer token makes the answer the user's (their private robots), an invalid one is a 401. */
  | { kind: 'optional' }
  /** A signed-in user; with `roles`, only those roles (else 403); with `anyPermission`, a role holding one of them. */
  | { kind: 'signed-in'; roles?: readonly Role[]; anyPermission?: readonly Permission[] };

/** An answer that is not JSON (a file, a page). */
export interface MediaAnswer {
  /** Other types the same answer may have (an offer picture's original keeps its JPEG, PNG or AVIF type). */
  alsoMedia?: readonly string[];
  media: 'text/csv' | 'text/event-stream' | 'image/jpeg' | 'text/html' | 'text/javascript' | 'text/css' | 'image/png' | 'image/webp' | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  description: string;
}
/** A JSON answer's schema, a non-JSON answer, or null for an empty answer (204). */
export type RouteAnswer = z.ZodType | MediaAnswer | null;
export type SuccessStatus = 200 | 201 | 202 | 204;
/** Error statuses a route documents beyond the ones its shape implies (see `errorStatusesOf`). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503 | 504;

export const routeTags = {
  Auth: 'Accounts: register, sign in, profile, password reset.',
  Catalog: 'The public robot catalog: search, robot pages, comparisons, offers on a model.',
  Supplier: "A supplier's listings, offers on catalog models, leads and analytics.",
  'Requests and threads': 'Requests for quote, conversations, messages and quotes between buyers and sellers.',
  Leads: 'Inquiries a customer sent about a listing.',
  Projects: "A customer's or integrator's projects, their matching robots, integrators and Stage 2 results.",
  Integrator: "The integrator portal: its catalog, opportunities, projects and settings.",
  'Bulk import': 'Importing robots from CSV, JSON or Excel files: parse, validate, import, error report, templates, saved mappings.',
  Analysis: 'Work-cell video analysis: upload, Stage 1 (what happens in the video), confirmation, Stage 2 (robot configurations).',
  ROI: 'The ROI calculator.',
  AI: 'The assistant: chat, recommendations and comparisons.',
  Site: 'Contact form and beta sign-ups.',
  Meta: 'Health, this document and its reference page.',
  'API keys': 'Keys for your own systems (Authorization: Bearer cfk_...), created and revoked with a signed-in session (docs/api-keys.md).',
  Webhooks: 'Signed HTTPS callbacks for events (docs/webhooks.md).',
} as const;
export type RouteTag = keyof typeof routeTags;

export interface RouteSpec {
  method: HttpMethod;
  /** OpenAPI style: /api/robots/{id}. */
  path: string;
  summary: string;
  description?: string;
  tag: RouteTag;
  access: RouteAccess;
  /** Path parameters: one string field per `{name}` of the path. */
  params?: z.ZodObject;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart/form-data body: one file in `file` and the text fields of `fields`. */
  multipart?: { fields: z.ZodType; file: string };
  responses: Partial<Record<SuccessStatus, RouteAnswer>> & Partial<Record<ErrorStatus, z.ZodType>>;
  /** Error statuses beyond the implied ones (400 for inputs, 401/403 for access, 404 for path ids, 429 when rate limited). */
  errors?: readonly ErrorStatus[];
  /** What is counted, in words; the route answers 429 RATE_LIMITED past it. */
  rateLimit?: string;
  /**
   * The scope an API key needs to call the route (docs/api-keys.md). Without it, no key
   * reaches the route whatever its scopes (403 API_KEY_NOT_ALLOWED): accounts, sessions,
   * key and webhook management, the site's own forms, and any route nobody has decided on.
   * The API's key gate and the OpenAPI document both read it from here.
   */
  apiKey?: ApiKeyScope;
}

/** Keeps the entry exactly as written (its zod types included) and checks it is a RouteSpec. */
export function route<const R extends RouteSpec>(spec: R): R {
  return spec;
}

const id = z.object({ id: z.string() });
const jobId = z.object({ jobId: z.string() });
const uploadId = z.object({ uploadId: z.string() });
const projectId = z.object({ projectId: z.string() });

const publicAccess = { kind: 'public' } as const;
const optionalAccess = { kind: 'optional' } as const;
const signedIn = { kind: 'signed-in' } as const;
const onlyRole = (role: Role) => ({ kind: 'signed-in', roles: [role] }) as const;
const anyPermission = (...permissions: Permission[]) => ({ kind: 'signed-in', anyPermission: permissions }) as const;

const robotsResponse = robotCompareResponseSchema;
const quoteRequestResponseSchema = z.object({ data: quoteRequestSchema });
/** GET /api/openapi.json answers the document itself. */
export const openApiDocumentSchema = z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) });

/** The answers of the project routes, shared by /projects and /api/integrator/projects. */
const projectRoutes = (base: '/projects' | '/api/integrator/projects', access: RouteAccess, manage: RouteAccess) =>
  ({
    list: route({ method: 'get', path: base, summary: 'List your projects', tag: 'Projects', access, query: projectStatusFilterSchema, responses: { 200: customerProjectListResponseSchema } }),
    create: route({ method: 'post', path: base, summary: 'Create a project', tag: 'Projects', access: manage, body: createProjectSchema, responses: { 201: customerProjectResponseSchema } }),
    get: route({ method: 'get', path: `${base}/{id}`, summary: 'One of your projects', tag: 'Projects', access, params: id, responses: { 200: customerProjectResponseSchema } }),
    update: route({ method: 'patch', path: `${base}/{id}`, summary: 'Change a project', tag: 'Projects', access: manage, params: id, body: updateProjectSchema, responses: { 200: customerProjectResponseSchema } }),
  }) as const;
const customerProjects = projectRoutes('/projects', signedIn, anyPermission('create_projects', 'manage_projects'));
const integratorProjects = projectRoutes('/api/integrator/projects', onlyRole('integrator'), onlyRole('integrator'));

const bulkRoutes = (base: '/api/integrator/bulk-upload' | '/api/supplier/bulk-upload', access: RouteAccess, who: string) =>
  ({
    parse: route({
      method: 'post',
      path: `${base}/parse`,
      summary: `Upload a file of robots (${who})`,
      description: 'Reads a .csv, .json, .xlsx or .xls file: its columns, the suggested mappings and a preview. The upload_id names the file for /validate and /import.',
      tag: 'Bulk import', apiKey: 'imports:write',
      access,
      multipart: { fields: bulkParseOptionsSchema, file: 'The file (.csv, .json, .xlsx or .xls): a CSV up to BULK_CSV_UPLOAD_MAX_BYTES (200 MB by default), other files up to BULK_UPLOAD_MAX_BYTES (25 MB by default).' },
      responses: { 200: bulkParseResponseSchema },
      errors: [413, 415, 422],
    }),
    validate: route({
      method: 'post',
      path: `${base}/validate`,
      summary: `Check rows against the mappings (${who})`,
      tag: 'Bulk import', apiKey: 'imports:write',
      access,
      body: bulkValidateRequestSchema,
      responses: { 200: bulkValidateResponseSchema },
      errors: [404],
    }),
    edits: route({
      method: 'post',
      path: `${base}/edits`,
      summary: `Fix cells of an upload and validate again (${who})`,
      description: 'Stores the cells fixed in the validate grid with the upload (validate, import and errors.csv then read the fixed values) and answers the validation of the whole file, with the status of each edited row.',
      tag: 'Bulk import', apiKey: 'imports:write',
      access,
      body: bulkEditRequestSchema,
      responses: { 200: bulkEditResponseSchema },
      errors: [404],
    }),
    import: route({
      method: 'post',
      path: `${base}/import`,
      summary: `Import the valid rows (${who})`,
      description: 'One transaction; the upload is consumed (importing the same upload_id again answers 404 and changes nothing). Rows match your robots by manufacturer and model, so a re-imported file updates or leaves them unchanged and never duplicates them (docs/api.md, idempotency of imports).',
      tag: 'Bulk import', apiKey: 'imports:write',
      access,
      body: bulkImportRequestSchema,
      responses: { 200: bulkImportResponseSchema },
      errors: [404],
    }),
    errorsCsv: route({
      method: 'get',
      path: `${base}/{uploadId}/errors.csv`,
      summary: `The rows that failed validation, as CSV (${who})`,
      tag: 'Bulk import', apiKey: 'imports:write',
      access,
      params: uploadId,
      query: bulkErrorsCsvQuerySchema,
      responses: { 200: { media: 'text/csv', description: 'One line per refused row with the reasons.' } },
    }),
    templateCsv: route({ method: 'get', path: `${base}/template.csv`, summary: `A CSV template with every importable field and an example row (${who})`, tag: 'Bulk import', apiKey: 'imports:write', access, responses: { 200: { media: 'text/csv', description: 'Headers the import recognises, one example row.' } } }),
    templateXlsx: route({ method: 'get', path: `${base}/template.xlsx`, summary: `An Excel template: the fields, an example row, and a sheet describing each field (${who})`, tag: 'Bulk import', apiKey: 'imports:write', access, responses: { 200: { media: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', description: 'The workbook.' } } }),
    mappings: route({ method: 'get', path: `${base}/mappings`, summary: `Your saved column mappings (${who})`, tag: 'Bulk import', apiKey: 'imports:write', access, responses: { 200: bulkSavedMappingListSchema } }),
    saveMapping: route({ method: 'post', path: `${base}/mappings`, summary: `Save a column mapping under a name (the same name replaces it) (${who})`, tag: 'Bulk import', apiKey: 'imports:write', access, body: bulkSaveMappingRequestSchema, responses: { 201: bulkSavedMappingSchema }, errors: [409] }),
    deleteMapping: route({ method: 'delete', path: `${base}/mappings/{mappingId}`, summary: `Delete a saved mapping (${who})`, tag: 'Bulk import', apiKey: 'imports:write', access, params: z.object({ mappingId: z.string() }), responses: { 204: null } }),
  }) as const;
const integratorBulk = bulkRoutes('/api/integrator/bulk-upload', onlyRole('integrator'), 'integrators: private robots');
const supplierBulk = bulkRoutes('/api/supplier/bulk-upload', anyPermission('upload_robots'), 'suppliers: listings');

export const apiRoutes = {
  // Meta
  health: route({ method: 'get', path: '/health', summary: 'Is the API up, and its database?', tag: 'Meta', access: publicAccess, responses: { 200: healthResponseSchema, 503: healthUnavailableSchema } }),
  openApiDocument: route({ method: 'get', path: '/api/openapi.json', summary: 'This document (OpenAPI 3.1)', tag: 'Meta', access: publicAccess, responses: { 200: openApiDocumentSchema } }),
  apiReference: route({ method: 'get', path: '/api/docs', summary: 'The API reference page (HTML)', tag: 'Meta', access: publicAccess, responses: { 200: { media: 'text/html', description: 'The reference page, rendered from /api/openapi.json.' } } }),
  apiReferenceAsset: route({
    method: 'get',
    path: '/api/docs/{file}',
    summary: "The reference page's scripts and styles",
    tag: 'Meta',
    access: publicAccess,
    params: z.object({ file: z.enum(['init.js', 'swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png']) }),
    responses: { 200: { media: 'text/javascript', description: 'A script, style sheet (text/css) or icon (image/png) of the reference page, from the swagger-ui-dist package.' } },
  }),

  // Auth
  register: route({ method: 'post', path: '/auth/register', summary: 'Create an account', tag: 'Auth', access: publicAccess, body: registerRequestSchema, responses: { 201: authResponseSchema }, errors: [409], rateLimit: 'Registrations per address (REGISTER_RATE_LIMIT per REGISTER_RATE_WINDOW_MS).' }),
  login: route({ method: 'post', path: '/auth/login', summary: 'Sign in: a session token', tag: 'Auth', access: publicAccess, body: loginRequestSchema, responses: { 200: authResponseSchema }, errors: [401, 403], rateLimit: 'Failed sign-ins per address and e-mail, and per address.' }),
  me: route({ method: 'get', path: '/auth/me', summary: 'Your profile', tag: 'Auth', access: signedIn, responses: { 200: meResponseSchema } }),
  updateMe: route({ method: 'patch', path: '/auth/me', summary: 'Change your profile', tag: 'Auth', access: signedIn, body: profileUpdateSchema, responses: { 200: meResponseSchema } }),
  logout: route({ method: 'post', path: '/auth/logout', summary: 'Sign out everywhere (revokes every token of the account)', tag: 'Auth', access: signedIn, responses: { 204: null } }),
  verify: route({ method: 'post', path: '/auth/verify', summary: 'Is this token valid, and whose is it?', tag: 'Auth', access: publicAccess, body: verifyRequestSchema, responses: { 200: verifyResponseSchema } }),
  forgotPassword: route({ method: 'post', path: '/auth/forgot-password', summary: 'Mail a password reset link', description: 'Always 202, whether the address has an account or not.', tag: 'Auth', access: publicAccess, body: forgotPasswordRequestSchema, responses: { 202: passwordResetAnswerSchema }, rateLimit: 'Requests per address and e-mail, and per address.' }),
  resetPassword: route({ method: 'post', path: '/auth/reset-password', summary: 'Set a new password with a reset link', tag: 'Auth', access: publicAccess, body: resetPasswordRequestSchema, responses: { 200: passwordResetAnswerSchema }, rateLimit: 'Refused reset tokens per address.' }),

  // Catalog
  searchRobots: route({ method: 'get', path: '/api/robots', summary: 'Search the catalog', description: 'Filters, facets and buyer words (`q`); pages with `page` and `limit`.', tag: 'Catalog', apiKey: 'catalog:read', access: publicAccess, query: robotQuerySchema, responses: { 200: robotListResponseSchema } }),
  compareRobots: route({ method: 'get', path: '/api/robots/compare', summary: 'Several robots side by side', tag: 'Catalog', apiKey: 'catalog:read', access: publicAccess, query: robotCompareQuerySchema, responses: { 200: robotsResponse }, errors: [404] }),
  getRobot: route({ method: 'get', path: '/api/robots/{id}', summary: 'One robot with its offers summary', tag: 'Catalog', apiKey: 'catalog:read', access: optionalAccess, params: id, responses: { 200: robotDetailResponseSchema } }),
  robotOffers: route({ method: 'get', path: '/api/robots/{id}/offers', summary: 'The active offers on a robot', tag: 'Catalog', apiKey: 'catalog:read', access: optionalAccess, params: id, responses: { 200: offerListResponseSchema } }),
  similarRobots: route({ method: 'get', path: '/api/robots/{id}/similar', summary: 'Robots like this one', tag: 'Catalog', apiKey: 'catalog:read', access: optionalAccess, params: id, responses: { 200: robotsResponse } }),

  // Supplier
  supplierListings: route({ method: 'get', path: '/api/supplier/listings', summary: 'Your listings', tag: 'Supplier', apiKey: 'offers:write', access: { kind: 'signed-in', roles: ['supplier'], anyPermission: ['manage_robots'] }, query: supplierListingsQuerySchema, responses: { 200: robotsResponse } }),
  createListing: route({ method: 'post', path: '/api/supplier/listings', summary: 'Add a listing', tag: 'Supplier', apiKey: 'offers:write', access: { kind: 'signed-in', roles: ['supplier'], anyPermission: ['edit_listings'] }, body: listingInputSchema, responses: { 201: robotDetailResponseSchema } }),
  updateListing: route({ method: 'put', path: '/api/supplier/listings/{id}', summary: 'Change a listing', tag: 'Supplier', apiKey: 'offers:write', access: { kind: 'signed-in', roles: ['supplier'], anyPermission: ['edit_listings'] }, params: id, body: listingInputSchema, responses: { 200: robotDetailResponseSchema } }),
  setListingStatus: route({ method: 'patch', path: '/api/supplier/listings/{id}/status', summary: 'Show or hide a listing', tag: 'Supplier', apiKey: 'offers:write', access: { kind: 'signed-in', roles: ['supplier'], anyPermission: ['edit_listings'] }, params: id, body: listingStatusSchema, responses: { 200: robotDetailResponseSchema } }),
  supplierOffers: route({ method: 'get', path: '/api/supplier/offers', summary: 'Your offers on catalog models', tag: 'Supplier', apiKey: 'offers:write', access: { kind: 'signed-in', roles: ['supplier'], anyPermission: ['manage_robots'] }, responses: { 200: offerListResponseSchema } }),
  createOffer: route({ method: 'post', path: '/api/supplier/offers', summary: 'Offer a catalog model (or a new model)', tag: 'Supplier', apiKey: 'offers:write', access: { kind: 'signed-in', roles: ['supplier'], anyPermission: ['edit_listings'] }, body: createOfferSchema, responses: { 201: createOfferResponseSchema }, errors: [409] }),
  updateOffer: route({ method: 'put', path: '/api/supplier/offers/{id}', summary: 'Change an offer', tag: 'Supplier', apiKey: 'offers:write', access: { kind: 'signed-in', roles: ['supplier'], anyPermission: ['edit_listings'] }, params: id, body: offerInputSchema, responses: { 200: offerResponseSchema } }),
  setOfferStatus: route({ method: 'patch', path: '/api/supplier/offers/{id}/status', summary: 'Activate or pause an offer', tag: 'Supplier', apiKey: 'offers:write', access: { kind: 'signed-in', roles: ['supplier'], anyPermission: ['edit_listings'] }, params: id, body: offerStatusSchema, responses: { 200: offerResponseSchema } }),
  deleteOffer: route({ method: 'delete', path: '/api/supplier/offers/{id}', summary: 'Remove an offer', tag: 'Supplier', apiKey: 'offers:write', access: { kind: 'signed-in', roles: ['supplier'], anyPermission: ['edit_listings'] }, params: id, responses: { 204: null } }),
  offerImages: route({ method: 'get', path: '/api/supplier/offers/{id}/images', summary: "An offer's pictures, in order", tag: 'Supplier', apiKey: 'offers:write', access: { kind: 'signed-in', roles: ['supplier'], anyPermission: ['manage_robots'] }, params: id, responses: { 200: offerImageListResponseSchema } }),
  addOfferImage: route({
    method: 'post',
    path: '/api/supplier/offers/{id}/images',
    summary: 'Add a picture to an offer (JPEG, PNG, WebP or AVIF; at most 8 per offer)',
    description: 'The type is read from the content; EXIF is stripped and the orientation applied; a 320 px and a 1280 px WebP are made.',
    tag: 'Supplier', apiKey: 'offers:write',
    access: { kind: 'signed-in', roles: ['supplier'], anyPermission: ['edit_listings'] },
    params: id,
    multipart: { fields: offerImageUploadFieldsSchema, file: 'The picture, up to OFFER_IMAGE_MAX_BYTES (10 MB by default) and OFFER_IMAGE_MAX_PIXELS.' },
    responses: { 201: offerImageResponseSchema },
    errors: [409, 413, 415, 422],
  }),
  orderOfferImages: route({ method: 'put', path: '/api/supplier/offers/{id}/images/order', summary: "Set the order of an offer's pictures", tag: 'Supplier', apiKey: 'offers:write', access: { kind: 'signed-in', roles: ['supplier'], anyPermission: ['edit_listings'] }, params: id, body: offerImageOrderSchema, responses: { 200: offerImageListResponseSchema } }),
  setOfferImageAlt: route({ method: 'patch', path: '/api/supplier/offers/{id}/images/{imageId}', summary: "Change a picture's description (alt text)", tag: 'Supplier', apiKey: 'offers:write', access: { kind: 'signed-in', roles: ['supplier'], anyPermission: ['edit_listings'] }, params: z.object({ id: z.string(), imageId: z.string() }), body: offerImageAltSchema, responses: { 200: offerImageResponseSchema } }),
  deleteOfferImage: route({ method: 'delete', path: '/api/supplier/offers/{id}/images/{imageId}', summary: 'Remove a picture (its files too)', tag: 'Supplier', apiKey: 'offers:write', access: { kind: 'signed-in', roles: ['supplier'], anyPermission: ['edit_listings'] }, params: z.object({ id: z.string(), imageId: z.string() }), responses: { 204: null } }),
  offerImage: route({ method: 'get', path: '/api/offer-images/{id}/{size}', summary: "An offer's picture (thumb 320 px, display 1280 px, or the cleaned original)", tag: 'Catalog', apiKey: 'catalog:read', access: optionalAccess, params: z.object({ id: z.string(), size: offerImageSizeParamSchema }), responses: { 200: { media: 'image/webp', alsoMedia: ['image/jpeg', 'image/png', 'image/avif'], description: 'The picture (WebP for thumb and display; the original keeps its type). Cached as immutable when public.' } } }),
  supplierLeads: route({ method: 'get', path: '/api/supplier/leads', summary: 'Inquiries about your listings', tag: 'Supplier', apiKey: 'requests:write', access: { kind: 'signed-in', roles: ['supplier'], anyPermission: ['view_leads'] }, responses: { 200: leadListResponseSchema } }),
  setLeadStatus: route({ method: 'patch', path: '/api/supplier/leads/{id}', summary: "Set a lead's status", tag: 'Supplier', apiKey: 'requests:write', access: { kind: 'signed-in', roles: ['supplier'], anyPermission: ['view_leads'] }, params: id, body: updateLeadStatusSchema, responses: { 200: leadResponseSchema } }),
  supplierOfferAnalytics: route({ method: 'get', path: '/api/supplier/offer-analytics', summary: 'Views, requests, quotes sent and quote-to-win rate per offer and day', tag: 'Supplier', access: { kind: 'signed-in', roles: ['supplier'], anyPermission: ['view_analytics'] }, query: offerAnalyticsQuerySchema, responses: { 200: offerAnalyticsResponseSchema } }),
  supplierFigures: route({ method: 'get', path: '/api/supplier/figures', summary: "Your dashboard's figures (active offers)", tag: 'Supplier', access: { kind: 'signed-in', roles: ['supplier'], anyPermission: ['manage_robots'] }, responses: { 200: supplierFiguresResponseSchema } }),
  supplierAnalytics: route({ method: 'get', path: '/api/supplier/analytics', summary: 'Views and leads per listing and day', tag: 'Supplier', access: { kind: 'signed-in', roles: ['supplier'], anyPermission: ['view_analytics'] }, query: supplierAnalyticsQuerySchema, responses: { 200: supplierAnalyticsResponseSchema } }),
  ...prefixed('supplierBulk', supplierBulk),

  // Requests for quote and conversations
  createQuoteRequest: route({ method: 'post', path: '/api/quote-requests', summary: 'Ask for a quote on a catalog model', tag: 'Requests and threads', apiKey: 'requests:write', access: anyPermission('contact_suppliers'), body: createQuoteRequestSchema, responses: { 201: quoteRequestCreatedSchema }, rateLimit: 'Requests per customer (QUOTE_REQUEST_RATE_LIMIT per QUOTE_REQUEST_RATE_WINDOW_MS).' }),
  myQuoteRequests: route({ method: 'get', path: '/api/quote-requests', summary: 'Your requests for quote', tag: 'Requests and threads', apiKey: 'requests:write', access: anyPermission('contact_suppliers'), responses: { 200: quoteRequestListSchema } }),
  openQuoteRequests: route({ method: 'get', path: '/api/quote-requests/open', summary: 'Open requests you may answer (suppliers, integrators)', tag: 'Requests and threads', apiKey: 'requests:write', access: anyPermission('view_leads', 'view_opportunities'), responses: { 200: quoteRequestListSchema } }),
  answerQuoteRequest: route({ method: 'post', path: '/api/quote-requests/{id}/answers', summary: 'Answer a request: starts a conversation', tag: 'Requests and threads', apiKey: 'requests:write', access: anyPermission('view_leads', 'view_opportunities'), params: id, body: answerQuoteRequestSchema, responses: { 201: threadDetailResponseSchema }, errors: [409] }),
  closeQuoteRequest: route({ method: 'post', path: '/api/quote-requests/{id}/close', summary: 'Close your request', tag: 'Requests and threads', apiKey: 'requests:write', access: anyPermission('contact_suppliers'), params: id, responses: { 200: quoteRequestResponseSchema } }),
  threads: route({ method: 'get', path: '/api/threads', summary: 'Your conversations, newest activity first', description: 'Pages with the cursor: pass the `next_cursor` of a page as `before` to get the next one (null: no more).', tag: 'Requests and threads', apiKey: 'requests:write', access: signedIn, query: threadListQuerySchema, responses: { 200: threadListSchema } }),
  unreadThreads: route({ method: 'get', path: '/api/threads/unread', summary: 'How many conversations have unread messages', tag: 'Requests and threads', apiKey: 'requests:write', access: signedIn, responses: { 200: unreadCountSchema } }),
  thread: route({ method: 'get', path: '/api/threads/{id}', summary: 'A conversation with its messages and quotes (marks it read)', tag: 'Requests and threads', apiKey: 'requests:write', access: signedIn, params: id, responses: { 200: threadDetailResponseSchema } }),
  sendMessage: route({ method: 'post', path: '/api/threads/{id}/messages', summary: 'Write in a conversation', tag: 'Requests and threads', apiKey: 'requests:write', access: signedIn, params: id, body: sendMessageSchema, responses: { 201: threadDetailResponseSchema }, errors: [409] }),
  sendQuote: route({ method: 'post', path: '/api/threads/{id}/quotes', summary: 'Send a quote (the seller)', tag: 'Requests and threads', apiKey: 'requests:write', access: signedIn, params: id, body: sendQuoteSchema, responses: { 201: threadDetailResponseSchema }, errors: [409] }),
  acceptQuote: route({ method: 'post', path: '/api/threads/{id}/accept', summary: 'Accept the latest quote (the buyer)', tag: 'Requests and threads', apiKey: 'requests:write', access: signedIn, params: id, responses: { 200: threadDetailResponseSchema }, errors: [409] }),
  declineQuote: route({ method: 'post', path: '/api/threads/{id}/decline', summary: 'Decline the latest quote (the buyer)', tag: 'Requests and threads', apiKey: 'requests:write', access: signedIn, params: id, responses: { 200: threadDetailResponseSchema }, errors: [409] }),
  closeThread: route({ method: 'post', path: '/api/threads/{id}/close', summary: 'Close a conversation', tag: 'Requests and threads', apiKey: 'requests:write', access: signedIn, params: id, responses: { 200: threadDetailResponseSchema } }),

  // Leads
  createLead: route({ method: 'post', path: '/api/leads', summary: "Contact a listing's supplier", tag: 'Leads', apiKey: 'requests:write', access: anyPermission('contact_suppliers'), body: createLeadSchema, responses: { 201: leadResponseSchema } }),
  sentLeads: route({ method: 'get', path: '/api/leads/sent', summary: 'The inquiries you sent', tag: 'Leads', apiKey: 'requests:write', access: signedIn, responses: { 200: leadListResponseSchema } }),

  // Projects
  projects: customerProjects.list,
  projectStats: route({ method: 'get', path: '/projects/stats/overview', summary: 'How many projects, by status', tag: 'Projects', access: signedIn, responses: { 200: projectStatsResponseSchema } }),
  createProject: customerProjects.create,
  project: customerProjects.get,
  updateProject: customerProjects.update,
  deleteProject: route({ method: 'delete', path: '/projects/{id}', summary: 'Delete a project', tag: 'Projects', access: anyPermission('create_projects', 'manage_projects'), params: id, responses: { 204: null } }),
  projectMatches: route({ method: 'get', path: '/projects/{id}/matches', summary: 'Catalog robots that meet the project', tag: 'Projects', access: anyPermission('view_matches'), params: id, responses: { 200: projectMatchesResponseSchema } }),
  projectIntegrators: route({ method: 'get', path: '/projects/{id}/integrators', summary: 'Integrators who can deploy the project', tag: 'Projects', access: anyPermission('find_integrators'), params: id, query: integratorSearchQuerySchema, responses: { 200: integratorCardListResponseSchema } }),
  projectStage2Results: route({ method: 'get', path: '/projects/{id}/stage2-results', summary: "The latest Stage 2 results of the project's video analysis", tag: 'Projects', access: signedIn, params: id, responses: { 200: projectStage2AnswerSchema } }),

  // Integrator portal
  integratorProjects: integratorProjects.list,
  integratorProjectStats: route({ method: 'get', path: '/api/integrator/projects/stats', summary: 'How many projects, by status', tag: 'Integrator', access: onlyRole('integrator'), responses: { 200: projectStatsResponseSchema } }),
  createIntegratorProject: integratorProjects.create,
  integratorProject: integratorProjects.get,
  updateIntegratorProject: integratorProjects.update,
  opportunities: route({ method: 'get', path: '/api/integrator/opportunities', summary: 'Customer projects shared with integrators', tag: 'Integrator', apiKey: 'requests:write', access: anyPermission('view_opportunities'), responses: { 200: opportunityListResponseSchema } }),
  expressInterest: route({ method: 'post', path: '/api/integrator/opportunities/{projectId}/interest', summary: "Tell a project's customer you can deploy it", tag: 'Integrator', apiKey: 'requests:write', access: anyPermission('view_opportunities'), params: projectId, body: expressInterestSchema, responses: { 201: leadResponseSchema }, errors: [409] }),
  integratorCatalog: route({ method: 'get', path: '/api/integrator/catalog/robots', summary: 'The catalog as your portal lists it (your private robots included)', tag: 'Integrator', apiKey: 'catalog:read', access: onlyRole('integrator'), query: integratorCatalogQuerySchema, responses: { 200: integratorCatalogResponseSchema } }),
  integratorCatalogRobot: route({ method: 'get', path: '/api/integrator/catalog/robots/{id}', summary: 'One robot with every field and your rights on it', tag: 'Integrator', apiKey: 'catalog:read', access: onlyRole('integrator'), params: id, responses: { 200: integratorRobotDetailResponseSchema } }),
  updateIntegratorCatalogRobot: route({ method: 'put', path: '/api/integrator/catalog/robots/{id}', summary: 'Change one of your private robots', tag: 'Integrator', apiKey: 'offers:write', access: onlyRole('integrator'), params: id, body: listingInputSchema, responses: { 200: integratorRobotDetailResponseSchema } }),
  deleteIntegratorCatalogRobot: route({ method: 'delete', path: '/api/integrator/catalog/robots/{id}', summary: 'Delete one of your private robots', tag: 'Integrator', apiKey: 'offers:write', access: onlyRole('integrator'), params: id, responses: { 204: null } }),
  integratorCatalogStats: route({ method: 'get', path: '/api/integrator/catalog/stats', summary: 'Counts of the catalog you see', tag: 'Integrator', apiKey: 'catalog:read', access: onlyRole('integrator'), responses: { 200: catalogStatsResponseSchema } }),
  integratorSettings: route({ method: 'get', path: '/api/integrator/settings', summary: 'Your company settings', tag: 'Integrator', access: onlyRole('integrator'), responses: { 200: integratorSettingsResponseSchema } }),
  saveIntegratorSettings: route({ method: 'put', path: '/api/integrator/settings', summary: 'Save your company settings (the fields sent)', tag: 'Integrator', access: onlyRole('integrator'), body: integratorSettingsUpdateSchema, responses: { 200: integratorSettingsSaveResponseSchema } }),
  ...prefixed('integratorBulk', integratorBulk),

  // Analysis
  uploadVideo: route({
    method: 'post',
    path: '/api/integrator/upload-video',
    summary: 'Upload a work-cell video (MP4, or a ZIP of clips with a manifest)',
    tag: 'Analysis', apiKey: 'analysis:write',
    access: onlyRole('integrator'),
    multipart: { fields: uploadVideoFieldsSchema, file: 'The video: .mp4, or .zip of clips (up to VIDEO_UPLOAD_MAX_BYTES).' },
    responses: { 201: uploadVideoResponseSchema },
    errors: [404, 409, 413, 415, 422, 503],
  }),
  analysisJobs: route({ method: 'get', path: '/api/integrator/analysis', summary: 'Your analysis jobs', tag: 'Analysis', apiKey: 'analysis:write', access: onlyRole('integrator'), query: analysisListQuerySchema, responses: { 200: analysisJobListResponseSchema } }),
  analysisJob: route({ method: 'get', path: '/api/integrator/analysis/{jobId}', summary: 'One analysis job with its results so far', tag: 'Analysis', apiKey: 'analysis:write', access: onlyRole('integrator'), params: jobId, responses: { 200: analysisJobResponseSchema } }),
  analysisKeyFrame: route({ method: 'get', path: '/api/integrator/analysis/{jobId}/key-frame', summary: 'A key frame Stage 1 kept (JPEG)', tag: 'Analysis', apiKey: 'analysis:write', access: onlyRole('integrator'), params: jobId, query: keyFrameQuerySchema, responses: { 200: { media: 'image/jpeg', description: 'The frame.' } }, errors: [503] }),
  analysisEvents: route({ method: 'get', path: '/api/integrator/analysis/{jobId}/events', summary: 'Follow an analysis job as server-sent events', description: 'A text/event-stream of `job` events, each `{ data: AnalysisJob }` as GET /api/integrator/analysis/{jobId} answers it: one at once, then one whenever the status or the run (queue state, attempts, progress) changes. The stream ends after the event of a job that is no longer running, or after 5 minutes (reconnect to go on). Any API instance can serve it: the job lives in the database.', tag: 'Analysis', apiKey: 'analysis:write', access: onlyRole('integrator'), params: jobId, responses: { 200: { media: 'text/event-stream', description: 'Events `job` with data `{ data: AnalysisJob }`, and `:` comments every 15 s to keep proxies from closing an idle stream.' } } }),
  runStage1: route({ method: 'post', path: '/api/integrator/analysis/{jobId}/stage1', summary: 'Queue Stage 1: activities, parts and cycle time from the video', description: 'Answers 202 with the queued run at once; with ?wait=N, the results (200) when the stage ends within N seconds.', tag: 'Analysis', apiKey: 'analysis:write', access: onlyRole('integrator'), params: jobId, query: stageWaitQuerySchema, body: stage1BodySchema, responses: { 200: stage1AnswerSchema, 202: stageAcceptedResponseSchema }, errors: [409, 422, 502, 504] }),
  confirmStage1: route({ method: 'post', path: '/api/integrator/analysis/{jobId}/confirm', summary: 'Confirm or correct the Stage 1 results', tag: 'Analysis', apiKey: 'analysis:write', access: onlyRole('integrator'), params: jobId, body: confirmBodySchema, responses: { 200: confirmAnswerSchema }, errors: [409, 502, 504] }),
  runStage2: route({ method: 'post', path: '/api/integrator/analysis/{jobId}/stage2', summary: 'Queue Stage 2: robot configurations for the confirmed cell', description: 'Answers 202 with the queued run at once; with ?wait=N, the results (200) when the stage ends within N seconds.', tag: 'Analysis', apiKey: 'analysis:write', access: onlyRole('integrator'), params: jobId, query: stageWaitQuerySchema, responses: { 200: stage2AnswerSchema, 202: stageAcceptedResponseSchema }, errors: [409, 502, 504] }),
  cancelStage: route({ method: 'post', path: '/api/integrator/analysis/{jobId}/cancel', summary: 'Cancel the queued or running stage (the analysis goes back to where it was)', tag: 'Analysis', apiKey: 'analysis:write', access: onlyRole('integrator'), params: jobId, responses: { 200: stageAcceptedResponseSchema }, errors: [409] }),

  // ROI, AI, site
  calculateRoi: route({ method: 'post', path: '/api/roi/calculate', summary: 'Payback, ROI, NPV and IRR of a robot cell', tag: 'ROI', access: publicAccess, body: roiInputsSchema, responses: { 200: roiCalculateResponseSchema } }),
  chat: route({ method: 'post', path: '/ai/chat', summary: 'Ask the assistant', tag: 'AI', access: optionalAccess, body: chatRequestSchema, responses: { 200: chatResponseSchema }, errors: [502, 504], rateLimit: 'Questions per address and minute (60).' }),
  recommendRobots: route({ method: 'post', path: '/ai/recommend-robots', summary: 'Robots for a described task', tag: 'AI', access: optionalAccess, body: recommendRobotsRequestSchema, responses: { 200: recommendRobotsResponseSchema } }),
  aiCompareRobots: route({ method: 'post', path: '/ai/compare-robots', summary: 'Compare robots, with a summary', tag: 'AI', access: optionalAccess, body: compareRobotsRequestSchema, responses: { 200: compareRobotsResponseSchema }, errors: [404] }),
  contact: route({ method: 'post', path: '/api/contact', summary: 'Send a message to the team', tag: 'Site', access: optionalAccess, body: contactRequestSchema, responses: { 201: contactResponseSchema } }),
  // API keys and webhooks (session only: a key never manages keys or endpoints)
  apiKeys: route({ method: 'get', path: '/api/me/api-keys', summary: 'Your API keys (never their secrets)', tag: 'API keys', access: signedIn, responses: { 200: apiKeyListSchema } }),
  createApiKey: route({ method: 'post', path: '/api/me/api-keys', summary: 'Create an API key: its secret is in this answer only', tag: 'API keys', access: signedIn, body: createApiKeySchema, responses: { 201: apiKeyCreatedSchema }, errors: [409] }),
  revokeApiKey: route({ method: 'delete', path: '/api/me/api-keys/{id}', summary: 'Revoke an API key', tag: 'API keys', access: signedIn, params: id, responses: { 200: apiKeyResponseSchema } }),
  webhookEndpoints: route({ method: 'get', path: '/api/webhooks/endpoints', summary: 'Your webhook endpoints', tag: 'Webhooks', access: signedIn, responses: { 200: webhookEndpointListSchema } }),
  createWebhookEndpoint: route({ method: 'post', path: '/api/webhooks/endpoints', summary: 'Add an endpoint: its signing secret is in this answer', tag: 'Webhooks', access: signedIn, body: createWebhookEndpointSchema, responses: { 201: webhookEndpointCreatedSchema }, errors: [409, 422] }),
  webhookEndpoint: route({ method: 'get', path: '/api/webhooks/endpoints/{id}', summary: 'One of your endpoints', tag: 'Webhooks', access: signedIn, params: id, responses: { 200: webhookEndpointAnswerSchema } }),
  updateWebhookEndpoint: route({ method: 'patch', path: '/api/webhooks/endpoints/{id}', summary: 'Change an endpoint (URL, events, description, paused)', tag: 'Webhooks', access: signedIn, params: id, body: updateWebhookEndpointSchema, responses: { 200: webhookEndpointAnswerSchema }, errors: [422] }),
  deleteWebhookEndpoint: route({ method: 'delete', path: '/api/webhooks/endpoints/{id}', summary: 'Delete an endpoint and its deliveries', tag: 'Webhooks', access: signedIn, params: id, responses: { 204: null } }),
  revealWebhookSecret: route({ method: 'post', path: '/api/webhooks/endpoints/{id}/secret', summary: "The endpoint's signing secret", tag: 'Webhooks', access: signedIn, params: id, responses: { 200: webhookSecretSchema } }),
  rotateWebhookSecret: route({ method: 'post', path: '/api/webhooks/endpoints/{id}/secret/rotate', summary: 'A new signing secret (the old one stops signing at once)', tag: 'Webhooks', access: signedIn, params: id, responses: { 200: webhookSecretSchema } }),
  webhookDeliveries: route({ method: 'get', path: '/api/webhooks/endpoints/{id}/deliveries', summary: "The endpoint's latest deliveries with their status", tag: 'Webhooks', access: signedIn, params: id, responses: { 200: webhookDeliveryListSchema } }),
  replayWebhookDelivery: route({ method: 'post', path: '/api/webhooks/endpoints/{id}/deliveries/{deliveryId}/replay', summary: 'Send a delivery again', tag: 'Webhooks', access: signedIn, params: z.object({ id: z.string(), deliveryId: z.string() }), responses: { 202: webhookDeliveryAnswerSchema } }),
  pingWebhookEndpoint: route({ method: 'post', path: '/api/webhooks/endpoints/{id}/ping', summary: 'Send a test event (ping)', tag: 'Webhooks', access: signedIn, params: id, responses: { 202: webhookDeliveryAnswerSchema } }),
  betaSignup: route({ method: 'post', path: '/api/beta-signups', summary: 'Join the beta list', description: '201 when added; 200 with already_registered when the address is on the list.', tag: 'Site', access: publicAccess, body: betaSignupRequestSchema, responses: { 201: betaSignupResponseSchema, 200: betaSignupResponseSchema } }),
} as const;

/** `{ parse, ... }` -> `{ prefixParse, ... }`, for the routes two mounts share. */
function prefixed<P extends string, T extends Record<string, RouteSpec>>(prefix: P, routes: T): { [K in keyof T & string as `${P}${Capitalize<K>}`]: T[K] } {
  return Object.fromEntries(Object.entries(routes).map(([key, spec]) => [`${prefix}${key.charAt(0).toUpperCase()}${key.slice(1)}`, spec])) as {
    [K in keyof T & string as `${P}${Capitalize<K>}`]: T[K];
  };
}

export type ApiRoutes = typeof apiRoutes;
export type OperationId = keyof ApiRoutes;

/** The JSON body a route takes (what a client sends). */
export type RouteBody<R extends RouteSpec> = R['body'] extends z.ZodType ? z.input<R['body']> : never;
/** The query a route takes (what a client sends). */
export type RouteQuery<R extends RouteSpec> = R['query'] extends z.ZodType ? z.input<R['query']> : never;
/** The JSON answer of a route for a status. */
export type RouteAnswerOf<R extends RouteSpec, S extends keyof R['responses']> = R['responses'][S] extends z.ZodType ? z.output<R['responses'][S]> : never;

/** The error statuses a route can answer besides its own: inputs -> 400, access -> 401/403, path ids -> 404, limits -> 429. */
export function errorStatusesOf(spec: RouteSpec): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(spec.errors ?? []);
  if (spec.params || spec.query || spec.body || spec.multipart) statuses.add(400);
  if (spec.access.kind !== 'public') statuses.add(401);
  if (spec.access.kind === 'signed-in' && (spec.access.roles?.length || spec.access.anyPermission?.length)) statuses.add(403);
  if (spec.params) statuses.add(404);
  if (spec.rateLimit) statuses.add(429);
  for (const status of Object.keys(spec.responses).map(Number)) statuses.delete(status as ErrorStatus);
  return [...statuses].sort((a, b) => a - b);
}

/** "Who may call it", in words. */
export function describeAccess(access: RouteAccess): string {
  if (access.kind === 'public') return 'Anyone; no token needed.';
  if (access.kind === 'optional') return 'Anyone; with a valid bearer token the answer is the signed-in user\'s (their private robots included). An invalid token is refused (401).';
  const parts = ['A signed-in user'];
  if (access.roles?.length) parts.push(`with the role ${access.roles.join(' or ')}`);
  if (access.anyPermission?.length) parts.push(`whose role has the permission ${access.anyPermission.join(' or ')}`);
  return `${parts.join(' ')}.`;
}

export const isMediaAnswer = (answer: RouteAnswer | undefined): answer is MediaAnswer => typeof answer === 'object' && answer !== null && 'media' in answer;
