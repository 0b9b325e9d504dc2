import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { apiKeyScopes, errorBodySchema } from '@cellforge/contracts';
import { ROI_DEFAULT_INPUTS } from '@cellforge/roi';
import { analysisJobs, robots, robotSearchColumns, seedCatalog, type Database } from '@cellforge/db';
import { testBackends, useTestApp } from './create-test-app';
import { bearer, buildRegistration, registerUser } from './factories';
import { listRoutes } from './route-table';
import { apiKeyRoutes } from '../modules/api-keys';
import { defined } from './defined';

/**
 * Issue 15: every route of the app times five identities, with the status each must
 * get. The routes come from the app's own route table: a route without a row here fails
 * the test (so a new route cannot ship without a rule), and so does a row whose route
 * is gone. Objects belong to the first integrator, the customer and the supplier (and a
 * second supplier who is no column); the second integrator owns nothing, so their column
 * proves the ownership checks.
 *
 * A case that names an object whose existence is private (`ownedBy`) also proves there
 * is no existence oracle: every identity but the owner gets, for the real object, exactly
 * the status it gets for an unknown id of the same shape, and never a 2xx.
 */
type Identity = 'anonymous' | 'customer' | 'supplier' | 'integrator' | 'otherIntegrator';
const identities = ['anonymous', 'customer', 'supplier', 'integrator', 'otherIntegrator'] as const satisfies readonly Identity[];
/** 'ok' is any 2xx; a number is that exact status. */
type Expect = 'ok' | 400 | 401 | 403 | 404 | 409 | 415;

interface Fixtures {
  customerProject: string;
  /** The customer's project not shared with integrators. */
  customerPrivateProject: string;
  integratorProject: string;
  /** Shared catalog robots (owner null): public, read-only to everyone. */
  publicRobot: string;
  otherPublicRobot: string;
  mappings: Record<string, string>;
  supplierListing: string;
  /** A listing of a second supplier (who is no column): public, editable by its owner only. */
  otherSupplierListing: string;
  integratorRobot: string;
  integratorJob: string;
  integratorUpload: string;
  supplierUpload: string;
  supplierLead: string;
  /** A customer's inquiry to the second supplier. */
  otherSupplierLead: string;
  /** A third integrator's interest in the customer's project: a lead addressed to the customer. */
  interestLead: string;
  /** The customer's request for quote on a model nobody lists: open to suppliers and integrators. */
  openRequest: string;
  /** A conversation between the customer and the supplier (the supplier's answer to the open request). */
  supplierThread: string;
  /** A shared catalog robot the supplier and the second supplier make offers on. */
  offerRobot: string;
  supplierOffer: string;
  /** The second supplier's offer (no column owns it). */
  otherSupplierOffer: string;
  /** The customer's API key (issue 17). */
  customerApiKey: string;
  /** The supplier's webhook endpoint and a delivery of it. */
  supplierWebhook: string;
  supplierDelivery: string;
  /** A picture of the supplier's offer, and one of the second supplier's (migration 0016). */
  supplierOfferImage: string;
  otherSupplierOfferImage: string;
  customerEmail: string;
  customerPassword: string;
  tokens: Record<Identity, string | null>;
  /** Saved bulk-upload mappings (issue 14) of the integrator and the supplier. */
  integratorMapping: string;
  supplierMapping: string;
}

/** The fixture fields that are object ids: the unknown-id twin of a case swaps these. */
const objectIds = [
  'customerProject', 'customerPrivateProject', 'integratorProject', 'publicRobot', 'otherPublicRobot', 'supplierListing', 'otherSupplierListing',
  'integratorRobot', 'integratorJob', 'integratorUpload', 'supplierUpload', 'supplierLead', 'otherSupplierLead', 'interestLead',
  'openRequest', 'supplierThread', 'offerRobot', 'supplierOffer', 'otherSupplierOffer', 'customerApiKey', 'supplierWebhook', 'supplierDelivery', 'supplierOfferImage', 'otherSupplierOfferImage', 'integratorMapping', 'supplierMapping',
] as const satisfies ReadonlyArray<keyof Fixtures>;

interface Case {
  /** Shown in failures when a route has more than one case. */
  label?: string;
  path?: (f: Fixtures) => string;
  body?: (f: Fixtures) => unknown;
  /** multipart upload instead of JSON */
  file?: { name: string; content: string | Buffer; fields?: Record<string, (f: Fixtures) => string> };
  expect: Record<Identity, Expect>;
  /**
   * The identity the named object is private to ('someoneElse': no column owns it). Only
   * that identity may get a 2xx, and every other one must get what an unknown id gets.
   */
  ownedBy?: Identity | 'someoneElse' | Identity[];
  /** Why an identity allowed to use the route still gets a 4xx here (documented, not hidden). */
  why?: string;
  /** Runs after every other case (it deletes what others use); 'revokes' after those (it signs out). */
  last?: boolean | 'revokes';
}

/** The identities a private object belongs to (both parties of a conversation). */
const ownersOf = (c: Case): Array<Identity | 'someoneElse'> => (c.ownedBy === undefined ? [] : [c.ownedBy].flat());
const everyone = (e: Expect): Record<Identity, Expect> => ({ anonymous: e, customer: e, supplier: e, integrator: e, otherIntegrator: e });
const signedIn = (e: Expect): Record<Identity, Expect> => ({ anonymous: 401, customer: e, supplier: e, integrator: e, otherIntegrator: e });
const only = (who: Partial<Record<Identity, Expect>>, others: Expect): Record<Identity, Expect> => ({ ...signedIn(others), ...who });
const integratorsOnly = (integrator: Expect, otherIntegrator: Expect = integrator) => only({ integrator, otherIntegrator }, 403);
const suppliersOnly = (supplier: Expect) => only({ supplier }, 403);

const listing = { manufacturer: 'Matrix', model: 'M-1', category: 'articulated', payload_kg: 10, reach_mm: 1200, dof: 6 };
const csv = 'manufacturer,model,payload_kg,reach_mm,dof\nABB,IRB 1200-7/0.7,7,700,6\n';
const savedMapping = { name: 'Matrix mapping', columns: ['Brand', 'Type'], mappings: { Brand: 'manufacturer', Type: 'model' } };
const STAGE2 = {
  stage2_summary: { total_tasks_identified: 1, total_configurations_generated: 1, viable_configurations: 1, deployment_locations_analyzed: 1 },
  task_configurations: [{ task_name: 'Activity 1', robot_configurations: [{ robot_model: 'M-20iD/25', manufacturer: 'FANUC', payload_kg: 25, reach_mm: 1831, is_viable: true, reason: 'fits' }] }],
};

/** A 4 x 3 PNG: the smallest real picture an offer takes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWMwTjsDRww4OQA/XBC9rAe9TAAAAABJRU5ErkJggg==', 'base64');

const interest = () => ({ message: 'We can deploy this line.' });
const STAGE_WHY = 'the job is in stage1_running: its owner gets 409 (a state conflict) without the perception service being called';

const matrix: Record<string, Case[]> = {
  'GET /health': [{ expect: everyone('ok') }],
  // Accounts
  'POST /auth/register': [{ body: () => buildRegistration(), expect: everyone('ok') }],
  'POST /auth/login': [{ body: (f) => ({ email: f.customerEmail, password: f.customerPassword }), expect: everyone('ok') }],
  'POST /auth/verify': [{ body: (f) => ({ token: f.tokens.customer }), expect: everyone('ok') }],
  'POST /auth/forgot-password': [{ body: (f) => ({ email: f.customerEmail }), expect: everyone('ok') }],
  'POST /auth/reset-password': [{ body: () => ({ token: 'not-a-reset-token', password: 'amber lantern over quiet hills' }), expect: everyone(400), why: 'public: the token is the credential (tested in modules/auth/password-reset.test.ts); an unknown one is RESET_TOKEN_INVALID' }],
  'GET /auth/me': [{ expect: signedIn('ok') }],
  'PATCH /auth/me': [{ body: () => ({ job_title: 'Tester' }), expect: signedIn('ok') }],
  'POST /auth/logout': [{ expect: signedIn('ok'), last: 'revokes' }],
  // API keys (issue 17): every signed-in user manages their own; another user's key is unknown
  'GET /api/me/api-keys': [{ expect: signedIn('ok') }],
  'POST /api/me/api-keys': [{ body: () => ({ name: 'Matrix key', scopes: ['catalog:read'] }), expect: signedIn('ok') }],
  'DELETE /api/me/api-keys/:id': [{ path: (f) => `/api/me/api-keys/${f.customerApiKey}`, expect: only({ customer: 'ok' }, 404), ownedBy: 'customer' }],
  // Public site
  'POST /api/contact': [{ body: () => ({ name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A question about robots.' }), expect: everyone('ok') }],
  'POST /api/beta-signups': [{ body: () => ({ email: `b${Math.random()}@example.com`, name: 'Ada', company: 'Acme', role: 'customer' }), expect: everyone('ok') }],
  'POST /api/roi/calculate': [{ body: () => ROI_DEFAULT_INPUTS, expect: everyone('ok') }],
  // The public API's document and reference page (issue 17)
  'GET /api/openapi.json': [{ expect: everyone('ok') }],
  'GET /api/docs': [{ expect: everyone('ok') }],
  'GET /api/docs/:file': [{ path: () => '/api/docs/init.js', expect: everyone('ok') }],
  // Catalog: public robots for all, an integrator's private robot for its owner only
  'GET /api/robots': [{ path: () => '/api/robots?q=abb', expect: everyone('ok') }],
  'GET /api/robots/compare': [
    { path: (f) => `/api/robots/compare?ids=${f.publicRobot}`, expect: everyone('ok') },
    { label: 'private robot', path: (f) => `/api/robots/compare?ids=${f.integratorRobot}`, expect: everyone(404), ownedBy: 'integrator', why: 'the public comparison page compares listed robots only, so even the owner gets 404' },
  ],
  'GET /api/robots/:id': [
    { path: (f) => `/api/robots/${f.publicRobot}`, expect: everyone('ok') },
    { label: 'private robot', path: (f) => `/api/robots/${f.integratorRobot}`, expect: { ...everyone(404), integrator: 'ok' }, ownedBy: 'integrator' },
  ],
  'GET /api/robots/:id/offers': [
    { path: (f) => `/api/robots/${f.offerRobot}/offers`, expect: everyone('ok') },
    { label: 'private robot', path: (f) => `/api/robots/${f.integratorRobot}/offers`, expect: { ...everyone(404), integrator: 'ok' }, ownedBy: 'integrator' },
  ],
  'GET /api/robots/:id/similar': [
    { path: (f) => `/api/robots/${f.publicRobot}/similar`, expect: everyone('ok') },
    { label: 'private robot', path: (f) => `/api/robots/${f.integratorRobot}/similar`, expect: { ...everyone(404), integrator: 'ok' }, ownedBy: 'integrator' },
  ],
  // Assistant: open to all, never with another account's private robot
  'POST /ai/chat': [{ body: () => ({ message: 'I need a robot for 5 kg parts' }), expect: everyone('ok') }],
  'POST /ai/recommend-robots': [{ body: () => ({ payload_kg: 5, reach_mm: 800 }), expect: everyone('ok') }],
  'POST /ai/compare-robots': [
    { body: (f) => ({ ids: [f.publicRobot, f.otherPublicRobot] }), expect: everyone('ok') },
    { label: 'private robot', body: (f) => ({ ids: [f.publicRobot, f.integratorRobot] }), expect: { ...everyone(404), integrator: 'ok' }, ownedBy: 'integrator' },
  ],
  // Projects: everyone signed in keeps their own; customers and integrators create them
  'GET /projects': [{ expect: signedIn('ok') }],
  'GET /projects/stats/overview': [{ expect: signedIn('ok') }],
  'POST /projects': [{ body: () => ({ project_name: 'Matrix line' }), expect: only({ supplier: 403 }, 'ok') }],
  'GET /projects/:id': [
    { path: (f) => `/projects/${f.customerProject}`, expect: only({ customer: 'ok' }, 404), ownedBy: 'customer' },
    { label: "the integrator's project", path: (f) => `/projects/${f.integratorProject}`, expect: only({ integrator: 'ok' }, 404), ownedBy: 'integrator' },
  ],
  'PATCH /projects/:id': [
    { path: (f) => `/projects/${f.customerProject}`, body: () => ({ description: 'Updated' }), expect: only({ customer: 'ok', supplier: 403 }, 404), ownedBy: 'customer' },
    { label: "the integrator's project", path: (f) => `/projects/${f.integratorProject}`, body: () => ({ description: 'Updated' }), expect: only({ integrator: 'ok', supplier: 403 }, 404), ownedBy: 'integrator' },
  ],
  'DELETE /projects/:id': [{ path: (f) => `/projects/${f.customerProject}`, expect: only({ customer: 'ok', supplier: 403 }, 404), ownedBy: 'customer', last: true }],
  'GET /projects/:id/matches': [
    { path: (f) => `/projects/${f.customerProject}/matches`, expect: only({ customer: 'ok' }, 403), ownedBy: 'customer' },
    { label: "the integrator's project", path: (f) => `/projects/${f.integratorProject}/matches`, expect: only({ customer: 404 }, 403), ownedBy: 'integrator', why: 'matches are a customer permission (view_matches): the owning integrator gets 403' },
  ],
  'GET /projects/:id/integrators': [
    { path: (f) => `/projects/${f.customerProject}/integrators`, expect: only({ customer: 'ok' }, 403), ownedBy: 'customer' },
    { label: "the integrator's project", path: (f) => `/projects/${f.integratorProject}/integrators`, expect: only({ customer: 404 }, 403), ownedBy: 'integrator', why: 'finding integrators is a customer permission (find_integrators)' },
  ],
  'GET /projects/:id/stage2-results': [{ path: (f) => `/projects/${f.integratorProject}/stage2-results`, expect: only({ integrator: 'ok' }, 404), ownedBy: 'integrator' }],
  // Leads
  'POST /api/leads': [
    { body: (f) => ({ robot_id: f.supplierListing, message: 'A quote for two, please.' }), expect: only({ customer: 'ok' }, 403) },
    { label: 'private robot', body: (f) => ({ robot_id: f.integratorRobot, message: 'A quote for two, please.' }), expect: only({ customer: 404 }, 403), ownedBy: 'integrator', why: 'only customers send inquiries, so the owner too gets 403' },
  ],
  'GET /api/leads/sent': [{ expect: signedIn('ok') }],
  // Requests for quote: customers send them; suppliers and integrators answer open ones
  'POST /api/quote-requests': [
    { body: (f) => ({ robot_id: f.supplierListing, quantity: 1, timeline: 'asap' }), expect: only({ customer: 'ok' }, 403) },
    { label: 'private robot', body: (f) => ({ robot_id: f.integratorRobot, quantity: 1, timeline: 'asap' }), expect: only({ customer: 404 }, 403), ownedBy: 'integrator', why: 'only customers ask for quotes, so the owner too gets 403' },
  ],
  'GET /api/quote-requests': [{ expect: only({ customer: 'ok' }, 403) }],
  'GET /api/quote-requests/open': [{ expect: only({ supplier: 'ok', integrator: 'ok', otherIntegrator: 'ok' }, 403) }],
  'POST /api/quote-requests/:id/answers': [
    { path: (f) => `/api/quote-requests/${f.openRequest}/answers`, body: () => ({ message: 'We can help.' }), expect: only({ supplier: 'ok', integrator: 'ok', otherIntegrator: 'ok' }, 403), why: 'an open request is visible to every supplier and integrator' },
  ],
  'POST /api/quote-requests/:id/close': [
    { path: (f) => `/api/quote-requests/${f.openRequest}/close`, expect: only({ customer: 'ok' }, 403), ownedBy: 'customer', last: true },
  ],
  // Conversations: only their two parties read or write them; to anyone else they do not exist
  'GET /api/threads': [{ expect: signedIn('ok') }],
  'GET /api/threads/unread': [{ expect: signedIn('ok') }],
  'GET /api/threads/:id': [{ path: (f) => `/api/threads/${f.supplierThread}`, expect: only({ customer: 'ok', supplier: 'ok' }, 404), ownedBy: ['customer', 'supplier'] }],
  'POST /api/threads/:id/messages': [
    { path: (f) => `/api/threads/${f.supplierThread}`.concat('/messages'), body: () => ({ body: 'When can you deliver?' }), expect: only({ customer: 'ok', supplier: 'ok' }, 404), ownedBy: ['customer', 'supplier'] },
    { label: "another supplier's conversation", path: (f) => `/api/threads/${f.otherSupplierLead}/messages`, body: () => ({ body: 'Hello' }), expect: only({ customer: 'ok' }, 404), ownedBy: 'customer', why: 'the second supplier is no column' },
  ],
  'POST /api/threads/:id/quotes': [
    { path: (f) => `/api/threads/${f.supplierThread}/quotes`, body: () => ({ price: 39000, valid_until: '2099-01-01' }), expect: only({ supplier: 'ok', customer: 403 }, 404), ownedBy: ['customer', 'supplier'], why: 'the buyer is a party but only the seller quotes' },
  ],
  'POST /api/threads/:id/accept': [
    { path: (f) => `/api/threads/${f.supplierThread}/accept`, expect: only({ customer: 'ok', supplier: 403 }, 404), ownedBy: ['customer', 'supplier'], why: 'the seller is a party but only the buyer answers a quote', last: true },
  ],
  'POST /api/threads/:id/decline': [
    { path: (f) => `/api/threads/${f.interestLead}/decline`, expect: only({ customer: 409 }, 404), ownedBy: 'customer', why: 'the integrator sent no quote in this conversation, so there is nothing to decline' },
  ],
  'POST /api/threads/:id/close': [
    { path: (f) => `/api/threads/${f.otherSupplierLead}/close`, expect: only({ customer: 'ok' }, 404), ownedBy: 'customer', last: true },
  ],
  // Supplier
  'GET /api/supplier/listings': [{ expect: suppliersOnly('ok') }],
  'POST /api/supplier/listings': [{ body: () => ({ ...listing, model: `M-${Math.random()}` }), expect: suppliersOnly('ok') }],
  'PUT /api/supplier/listings/:id': [
    { path: (f) => `/api/supplier/listings/${f.supplierListing}`, body: () => listing, expect: suppliersOnly('ok'), ownedBy: 'supplier' },
    { label: "an integrator's private robot", path: (f) => `/api/supplier/listings/${f.integratorRobot}`, body: () => listing, expect: suppliersOnly(404), ownedBy: 'integrator' },
    // Public robots: their existence is no secret, so a refusal may say why (docs/product.md §4.3: can_edit).
    { label: 'a shared catalog robot', path: (f) => `/api/supplier/listings/${f.publicRobot}`, body: () => listing, expect: suppliersOnly(403), why: 'the shared catalog is read-only (public, 403 "read-only")' },
    { label: "another supplier's listing", path: (f) => `/api/supplier/listings/${f.otherSupplierListing}`, body: () => listing, expect: suppliersOnly(403), why: 'a public listing: 403 "only the supplier who created it"' },
  ],
  'PATCH /api/supplier/listings/:id/status': [
    { path: (f) => `/api/supplier/listings/${f.supplierListing}/status`, body: () => ({ status: 'active' }), expect: suppliersOnly('ok'), ownedBy: 'supplier' },
    { label: "an integrator's private robot", path: (f) => `/api/supplier/listings/${f.integratorRobot}/status`, body: () => ({ status: 'inactive' }), expect: suppliersOnly(404), ownedBy: 'integrator' },
    { label: "another supplier's listing", path: (f) => `/api/supplier/listings/${f.otherSupplierListing}/status`, body: () => ({ status: 'inactive' }), expect: suppliersOnly(403), why: 'a public listing: 403 "only the supplier who created it"' },
  ],
  // Offers on catalog models (issue 13): a supplier's own; another supplier's offer is unknown (404)
  'GET /api/supplier/offers': [{ expect: suppliersOnly('ok') }],
  'POST /api/supplier/offers': [
    { label: 'a proposed model', body: () => ({ new_model: { ...listing, model: `Offer-${Math.random()}` }, price_min: 1000 }), expect: suppliersOnly('ok') },
    { label: "an integrator's private robot", body: (f) => ({ robot_id: f.integratorRobot, price_min: 1000 }), expect: suppliersOnly(404), ownedBy: 'integrator', why: 'only public models take offers' },
  ],
  'PUT /api/supplier/offers/:id': [
    { path: (f) => `/api/supplier/offers/${f.supplierOffer}`, body: () => ({ price_min: 41000, condition: 'used' }), expect: suppliersOnly('ok'), ownedBy: 'supplier' },
    { label: "another supplier's offer", path: (f) => `/api/supplier/offers/${f.otherSupplierOffer}`, body: () => ({ price_min: 1 }), expect: suppliersOnly(404), ownedBy: 'someoneElse' },
  ],
  'PATCH /api/supplier/offers/:id/status': [
    { path: (f) => `/api/supplier/offers/${f.supplierOffer}/status`, body: () => ({ status: 'active' }), expect: suppliersOnly('ok'), ownedBy: 'supplier' },
    { label: "another supplier's offer", path: (f) => `/api/supplier/offers/${f.otherSupplierOffer}/status`, body: () => ({ status: 'paused' }), expect: suppliersOnly(404), ownedBy: 'someoneElse' },
  ],
  // Offer pictures (migration 0016): the offer's supplier only; served to whoever may see the offer
  'GET /api/offer-images/:id/:size': [{ path: (f) => `/api/offer-images/${f.supplierOfferImage}/thumb`, expect: everyone('ok') }],
  'GET /api/supplier/offers/:id/images': [
    { path: (f) => `/api/supplier/offers/${f.supplierOffer}/images`, expect: suppliersOnly('ok'), ownedBy: 'supplier' },
    { label: "another supplier's offer", path: (f) => `/api/supplier/offers/${f.otherSupplierOffer}/images`, expect: suppliersOnly(404), ownedBy: 'someoneElse' },
  ],
  'PUT /api/supplier/offers/:id/images/order': [
    { path: (f) => `/api/supplier/offers/${f.supplierOffer}/images/order`, body: (f) => ({ ids: [f.supplierOfferImage] }), expect: suppliersOnly('ok'), ownedBy: 'supplier' },
    { label: "another supplier's offer", path: (f) => `/api/supplier/offers/${f.otherSupplierOffer}/images/order`, body: (f) => ({ ids: [f.otherSupplierOfferImage] }), expect: suppliersOnly(404), ownedBy: 'someoneElse' },
  ],
  'POST /api/supplier/offers/:id/images': [
    { path: (f) => `/api/supplier/offers/${f.supplierOffer}/images`, file: { name: 'cell.png', content: PNG }, expect: suppliersOnly('ok'), ownedBy: 'supplier' },
    { label: "another supplier's offer", path: (f) => `/api/supplier/offers/${f.otherSupplierOffer}/images`, file: { name: 'cell.png', content: PNG }, expect: suppliersOnly(404), ownedBy: 'someoneElse' },
  ],
  'PATCH /api/supplier/offers/:id/images/:imageId': [
    { path: (f) => `/api/supplier/offers/${f.supplierOffer}/images/${f.supplierOfferImage}`, body: () => ({ alt: 'The cell' }), expect: suppliersOnly('ok'), ownedBy: 'supplier' },
    { label: "another supplier's image", path: (f) => `/api/supplier/offers/${f.otherSupplierOffer}/images/${f.otherSupplierOfferImage}`, body: () => ({ alt: 'Mine' }), expect: suppliersOnly(404), ownedBy: 'someoneElse' },
  ],
  'DELETE /api/supplier/offers/:id/images/:imageId': [
    { label: "another supplier's image", path: (f) => `/api/supplier/offers/${f.otherSupplierOffer}/images/${f.otherSupplierOfferImage}`, expect: suppliersOnly(404), ownedBy: 'someoneElse' },
    { path: (f) => `/api/supplier/offers/${f.supplierOffer}/images/${f.supplierOfferImage}`, expect: suppliersOnly('ok'), ownedBy: 'supplier', last: true },
  ],
  'DELETE /api/supplier/offers/:id': [
    { label: "another supplier's offer", path: (f) => `/api/supplier/offers/${f.otherSupplierOffer}`, expect: suppliersOnly(404), ownedBy: 'someoneElse' },
    { path: (f) => `/api/supplier/offers/${f.supplierOffer}`, expect: suppliersOnly('ok'), ownedBy: 'supplier', last: true },
  ],
  'GET /api/supplier/leads': [{ expect: suppliersOnly('ok') }],
  'PATCH /api/supplier/leads/:id': [
    { path: (f) => `/api/supplier/leads/${f.supplierLead}`, body: () => ({ status: 'contacted' }), expect: suppliersOnly('ok'), ownedBy: 'supplier' },
    { label: "another supplier's lead", path: (f) => `/api/supplier/leads/${f.otherSupplierLead}`, body: () => ({ status: 'contacted' }), expect: suppliersOnly(404), ownedBy: 'someoneElse' },
    { label: "a lead to the customer", path: (f) => `/api/supplier/leads/${f.interestLead}`, body: () => ({ status: 'contacted' }), expect: suppliersOnly(404), ownedBy: 'customer', why: 'the customer reads its leads elsewhere; this route is the supplier inbox' },
  ],
  'GET /api/supplier/figures': [{ expect: suppliersOnly('ok') }],
  'GET /api/supplier/analytics': [{ expect: suppliersOnly('ok') }],
  'GET /api/supplier/offer-analytics': [{ expect: suppliersOnly('ok') }],
  'POST /api/supplier/bulk-upload/parse': [{ file: { name: 'robots.csv', content: csv }, expect: suppliersOnly('ok') }],
  'POST /api/supplier/bulk-upload/validate': [
    { body: (f) => ({ upload_id: f.supplierUpload, mappings: f.mappings }), expect: suppliersOnly('ok'), ownedBy: 'supplier' },
    { label: "the integrator's upload", body: (f) => ({ upload_id: f.integratorUpload, mappings: f.mappings }), expect: suppliersOnly(404), ownedBy: 'integrator' },
  ],
  'POST /api/supplier/bulk-upload/edits': [
    { body: (f) => ({ upload_id: f.supplierUpload, mappings: f.mappings, edits: [{ row: 1, column: 'dof', value: '6' }] }), expect: suppliersOnly('ok'), ownedBy: 'supplier' },
    { label: "the integrator's upload", body: (f) => ({ upload_id: f.integratorUpload, mappings: f.mappings, edits: [{ row: 1, column: 'dof', value: '6' }] }), expect: suppliersOnly(404), ownedBy: 'integrator' },
  ],
  'POST /api/supplier/bulk-upload/import': [{ body: (f) => ({ upload_id: f.supplierUpload, mappings: f.mappings }), expect: suppliersOnly('ok'), ownedBy: 'supplier', last: true }],
  'GET /api/supplier/bulk-upload/:uploadId/errors.csv': [
    { path: (f) => `/api/supplier/bulk-upload/${f.supplierUpload}/errors.csv`, expect: suppliersOnly('ok'), ownedBy: 'supplier' },
    { label: "the integrator's upload", path: (f) => `/api/supplier/bulk-upload/${f.integratorUpload}/errors.csv`, expect: suppliersOnly(404), ownedBy: 'integrator' },
  ],
  // Saved mappings and templates of the bulk upload (issue 14): each person's own.
  'GET /api/supplier/bulk-upload/template.csv': [{ expect: suppliersOnly('ok') }],
  'GET /api/supplier/bulk-upload/template.xlsx': [{ expect: suppliersOnly('ok') }],
  'GET /api/supplier/bulk-upload/mappings': [{ expect: suppliersOnly('ok') }],
  'POST /api/supplier/bulk-upload/mappings': [{ body: () => savedMapping, expect: suppliersOnly('ok') }],
  'DELETE /api/supplier/bulk-upload/mappings/:mappingId': [
    { label: "the integrator's mapping", path: (f) => `/api/supplier/bulk-upload/mappings/${f.integratorMapping}`, expect: suppliersOnly(404), ownedBy: 'integrator' },
    { path: (f) => `/api/supplier/bulk-upload/mappings/${f.supplierMapping}`, expect: suppliersOnly('ok'), ownedBy: 'supplier', last: true },
  ],
  'GET /api/integrator/bulk-upload/template.csv': [{ expect: integratorsOnly('ok') }],
  'GET /api/integrator/bulk-upload/template.xlsx': [{ expect: integratorsOnly('ok') }],
  'GET /api/integrator/bulk-upload/mappings': [{ expect: integratorsOnly('ok') }],
  'POST /api/integrator/bulk-upload/mappings': [{ body: () => savedMapping, expect: integratorsOnly('ok') }],
  'DELETE /api/integrator/bulk-upload/mappings/:mappingId': [
    { label: "the supplier's mapping", path: (f) => `/api/integrator/bulk-upload/mappings/${f.supplierMapping}`, expect: integratorsOnly(404), ownedBy: 'supplier' },
    { path: (f) => `/api/integrator/bulk-upload/mappings/${f.integratorMapping}`, expect: integratorsOnly('ok', 404), ownedBy: 'integrator', last: true },
  ],
  // Integrator
  'GET /api/integrator/catalog/robots': [{ expect: integratorsOnly('ok') }],
  'GET /api/integrator/catalog/stats': [{ expect: integratorsOnly('ok') }],
  'GET /api/integrator/catalog/robots/:id': [
    { path: (f) => `/api/integrator/catalog/robots/${f.integratorRobot}`, expect: integratorsOnly('ok', 404), ownedBy: 'integrator' },
    { label: 'a shared catalog robot', path: (f) => `/api/integrator/catalog/robots/${f.publicRobot}`, expect: integratorsOnly('ok') },
    { label: "a supplier's listing", path: (f) => `/api/integrator/catalog/robots/${f.supplierListing}`, expect: integratorsOnly('ok'), why: 'a listing is an offer on a shared catalog model (here one the supplier contributed), which every integrator reads' },
  ],
  'PUT /api/integrator/catalog/robots/:id': [
    { path: (f) => `/api/integrator/catalog/robots/${f.integratorRobot}`, body: () => listing, expect: integratorsOnly('ok', 404), ownedBy: 'integrator' },
    { label: 'a shared catalog robot', path: (f) => `/api/integrator/catalog/robots/${f.publicRobot}`, body: () => listing, expect: integratorsOnly(403), why: 'docs/product.md §4.3: can_edit, shared catalog robots are "read" (public, 403 read-only)' },
    { label: "a supplier's listing", path: (f) => `/api/integrator/catalog/robots/${f.supplierListing}`, body: () => listing, expect: integratorsOnly(403), why: 'a listing is an offer on a shared catalog model: read-only (403)' },
  ],
  'DELETE /api/integrator/catalog/robots/:id': [
    { path: (f) => `/api/integrator/catalog/robots/${f.integratorRobot}`, expect: integratorsOnly('ok', 404), ownedBy: 'integrator', last: true },
    { label: 'a shared catalog robot', path: (f) => `/api/integrator/catalog/robots/${f.publicRobot}`, expect: integratorsOnly(403), why: 'docs/product.md §4.3: can_edit, shared catalog robots are "read"' },
    { label: "a supplier's listing", path: (f) => `/api/integrator/catalog/robots/${f.supplierListing}`, expect: integratorsOnly(403), why: 'a listing is an offer on a shared catalog model: read-only (403)' },
  ],
  'GET /api/integrator/projects': [{ expect: integratorsOnly('ok') }],
  'GET /api/integrator/projects/stats': [{ expect: integratorsOnly('ok') }],
  'POST /api/integrator/projects': [{ body: () => ({ project_name: 'Integrator line' }), expect: integratorsOnly('ok') }],
  'GET /api/integrator/projects/:id': [
    { path: (f) => `/api/integrator/projects/${f.integratorProject}`, expect: integratorsOnly('ok', 404), ownedBy: 'integrator' },
    { label: "the customer's project", path: (f) => `/api/integrator/projects/${f.customerProject}`, expect: integratorsOnly(404), ownedBy: 'customer' },
  ],
  'PATCH /api/integrator/projects/:id': [
    { path: (f) => `/api/integrator/projects/${f.integratorProject}`, body: () => ({ description: 'Changed' }), expect: integratorsOnly('ok', 404), ownedBy: 'integrator' },
    { label: "the customer's project", path: (f) => `/api/integrator/projects/${f.customerProject}`, body: () => ({ description: 'Changed' }), expect: integratorsOnly(404), ownedBy: 'customer' },
  ],
  'GET /api/integrator/settings': [{ expect: integratorsOnly('ok') }],
  'PUT /api/integrator/settings': [{ body: () => ({ city: 'Lyon' }), expect: integratorsOnly('ok') }],
  'GET /api/integrator/opportunities': [{ expect: integratorsOnly('ok') }],
  'POST /api/integrator/opportunities/:projectId/interest': [
    { path: (f) => `/api/integrator/opportunities/${f.customerProject}/interest`, body: interest, expect: integratorsOnly('ok') },
    { label: "the customer's unshared project", path: (f) => `/api/integrator/opportunities/${f.customerPrivateProject}/interest`, body: interest, expect: integratorsOnly(404), ownedBy: 'customer' },
    { label: "an integrator's own shared project", path: (f) => `/api/integrator/opportunities/${f.integratorProject}/interest`, body: interest, expect: integratorsOnly(404), ownedBy: 'integrator', why: "only customers' projects are opportunities (issue 15 item 12)" },
  ],
  'POST /api/integrator/upload-video': [
    { file: { name: 'cell.mp4', content: 'not really a video', fields: { project_id: (f) => f.integratorProject } }, expect: integratorsOnly(415, 404), ownedBy: 'integrator', why: 'no real video in this test (no storage or perception here): the owner passes the project check and gets 415 from the content check' },
    { label: "the customer's project", file: { name: 'cell.mp4', content: 'not really a video', fields: { project_id: (f) => f.customerProject } }, expect: integratorsOnly(404), ownedBy: 'customer' },
  ],
  'GET /api/integrator/analysis': [{ expect: integratorsOnly('ok') }],
  'GET /api/integrator/analysis/:jobId': [{ path: (f) => `/api/integrator/analysis/${f.integratorJob}`, expect: integratorsOnly('ok', 404), ownedBy: 'integrator' }],
  'GET /api/integrator/analysis/:jobId/events': [{ path: (f) => `/api/integrator/analysis/${f.integratorJob}/events`, expect: integratorsOnly('ok', 404), ownedBy: 'integrator', why: 'the job has no active run: one event, then the stream ends' }],
  'GET /api/integrator/analysis/:jobId/key-frame': [{ path: (f) => `/api/integrator/analysis/${f.integratorJob}/key-frame?key=frames/1.jpg`, expect: integratorsOnly(404), ownedBy: 'integrator', why: 'the job has no key frame stored, so its owner gets 404 too' }],
  'POST /api/integrator/analysis/:jobId/stage1': [{ path: (f) => `/api/integrator/analysis/${f.integratorJob}/stage1`, expect: integratorsOnly(409, 404), ownedBy: 'integrator', why: STAGE_WHY }],
  'POST /api/integrator/analysis/:jobId/confirm': [{ path: (f) => `/api/integrator/analysis/${f.integratorJob}/confirm`, body: () => ({ confirmed: true }), expect: integratorsOnly(409, 404), ownedBy: 'integrator', why: STAGE_WHY }],
  'POST /api/integrator/analysis/:jobId/stage2': [{ path: (f) => `/api/integrator/analysis/${f.integratorJob}/stage2`, expect: integratorsOnly(409, 404), ownedBy: 'integrator', why: STAGE_WHY }],
  'POST /api/integrator/analysis/:jobId/cancel': [{ path: (f) => `/api/integrator/analysis/${f.integratorJob}/cancel`, expect: integratorsOnly(409, 404), ownedBy: 'integrator', why: 'no queue job runs for the job: its owner gets 409 (nothing to cancel)' }],
  'POST /api/integrator/bulk-upload/parse': [{ file: { name: 'robots.csv', content: csv }, expect: integratorsOnly('ok') }],
  'POST /api/integrator/bulk-upload/validate': [
    { body: (f) => ({ upload_id: f.integratorUpload, mappings: f.mappings }), expect: integratorsOnly('ok', 404), ownedBy: 'integrator' },
    { label: "the supplier's upload", body: (f) => ({ upload_id: f.supplierUpload, mappings: f.mappings }), expect: integratorsOnly(404), ownedBy: 'supplier' },
  ],
  'POST /api/integrator/bulk-upload/edits': [
    { body: (f) => ({ upload_id: f.integratorUpload, mappings: f.mappings, edits: [{ row: 1, column: 'dof', value: '6' }] }), expect: integratorsOnly('ok', 404), ownedBy: 'integrator' },
    { label: "the supplier's upload", body: (f) => ({ upload_id: f.supplierUpload, mappings: f.mappings, edits: [{ row: 1, column: 'dof', value: '6' }] }), expect: integratorsOnly(404), ownedBy: 'supplier' },
  ],
  'POST /api/integrator/bulk-upload/import': [{ body: (f) => ({ upload_id: f.integratorUpload, mappings: f.mappings }), expect: integratorsOnly('ok', 404), ownedBy: 'integrator', last: true }],
  'GET /api/integrator/bulk-upload/:uploadId/errors.csv': [
    { path: (f) => `/api/integrator/bulk-upload/${f.integratorUpload}/errors.csv`, expect: integratorsOnly('ok', 404), ownedBy: 'integrator' },
    { label: "the supplier's upload", path: (f) => `/api/integrator/bulk-upload/${f.supplierUpload}/errors.csv`, expect: integratorsOnly(404), ownedBy: 'supplier' },
  ],  // Webhooks: every signed-in user keeps their own endpoints; anyone else's are unknown ids
  'GET /api/webhooks/endpoints': [{ expect: signedIn('ok') }],
  'POST /api/webhooks/endpoints': [{ body: () => ({ url: 'http://127.0.0.1:9/hook', events: ['request.created'] }), expect: signedIn('ok') }],
  'GET /api/webhooks/endpoints/:id': [{ path: (f) => `/api/webhooks/endpoints/${f.supplierWebhook}`, expect: only({ supplier: 'ok' }, 404), ownedBy: 'supplier' }],
  'PATCH /api/webhooks/endpoints/:id': [{ path: (f) => `/api/webhooks/endpoints/${f.supplierWebhook}`, body: () => ({ description: 'Changed' }), expect: only({ supplier: 'ok' }, 404), ownedBy: 'supplier' }],
  'DELETE /api/webhooks/endpoints/:id': [{ path: (f) => `/api/webhooks/endpoints/${f.supplierWebhook}`, expect: only({ supplier: 'ok' }, 404), ownedBy: 'supplier', last: true }],
  'POST /api/webhooks/endpoints/:id/secret': [{ path: (f) => `/api/webhooks/endpoints/${f.supplierWebhook}/secret`, expect: only({ supplier: 'ok' }, 404), ownedBy: 'supplier' }],
  'POST /api/webhooks/endpoints/:id/secret/rotate': [{ path: (f) => `/api/webhooks/endpoints/${f.supplierWebhook}/secret/rotate`, expect: only({ supplier: 'ok' }, 404), ownedBy: 'supplier' }],
  'GET /api/webhooks/endpoints/:id/deliveries': [{ path: (f) => `/api/webhooks/endpoints/${f.supplierWebhook}/deliveries`, expect: only({ supplier: 'ok' }, 404), ownedBy: 'supplier' }],
  'POST /api/webhooks/endpoints/:id/deliveries/:deliveryId/replay': [
    { path: (f) => `/api/webhooks/endpoints/${f.supplierWebhook}/deliveries/${f.supplierDelivery}/replay`, expect: only({ supplier: 'ok' }, 404), ownedBy: 'supplier' },
  ],
  'POST /api/webhooks/endpoints/:id/ping': [{ path: (f) => `/api/webhooks/endpoints/${f.supplierWebhook}/ping`, expect: only({ supplier: 'ok' }, 404), ownedBy: 'supplier' }],
};

async function setUp(app: Express, db: Database): Promise<Fixtures> {
  await seedCatalog(db);
  const customer = await registerUser(app, { user_type: 'customer' });
  const supplier = await registerUser(app, { user_type: 'supplier' });
  const integrator = await registerUser(app, { user_type: 'integrator' });
  const otherIntegrator = await registerUser(app, { user_type: 'integrator' });
  const customerProject = (await request(app).post('/projects').set(bearer(customer.token)).send({ project_name: 'Packing line', shared_with_integrators: true, requirements: { payload_kg: 5, reach_mm: 800 } }).expect(201)).body.data.id as string;
  const integratorProject = (await request(app).post('/projects').set(bearer(integrator.token)).send({ project_name: 'Own line', shared_with_integrators: true }).expect(201)).body.data.id as string;
  const [publicRobot, otherPublicRobot, offerRobot] = await db.select({ id: robots.id }).from(robots).limit(3);
  const supplierListing = (await request(app).post('/api/supplier/listings').set(bearer(supplier.token)).send(listing).expect(201)).body.data.id as string;
  const [integratorRobot] = await db
    .insert(robots)
    .values({ manufacturer: 'Matrix', model: 'Private 1', ...robotSearchColumns({ manufacturer: 'Matrix', model: 'Private 1' }), category: 'articulated', payloadKg: 8, reachMm: 900, dof: 6, ownerId: integrator.user.id, listed: false })
    .returning({ id: robots.id });
  // A job whose stage 1 is running (stage routes answer 409 to its owner without calling the perception service), with stage 2 results of an earlier run.
  await db.insert(analysisJobs).values({ id: 'matrix-job', projectId: integratorProject, userId: integrator.user.id, status: 'stage1_running', bucketName: 'customer-videos', objectKey: 'k', fileName: 'cell.mp4', stage2Results: STAGE2 });
  const upload = async (base: string, token: string) =>
    (await request(app).post(`${base}/bulk-upload/parse`).set(bearer(token)).attach('file', Buffer.from(csv), 'robots.csv').expect(200)).body.upload_id as string;
  // The fixture lead is about a second listing, so the matrix's own inquiry about the first is new.
  const secondListing = (await request(app).post('/api/supplier/listings').set(bearer(supplier.token)).send({ ...listing, model: 'M-2' }).expect(201)).body.data.id as string;
  const supplierLead = (await request(app).post('/api/leads').set(bearer(customer.token)).send({ robot_id: secondListing, message: 'First inquiry about this.' }).expect(201)).body.data.id as string;
  // Owners who are no column: a second supplier (a listing, a lead) and a third integrator (interest in the customer's project).
  const otherSupplier = await registerUser(app, { user_type: 'supplier' });
  const otherSupplierListing = (await request(app).post('/api/supplier/listings').set(bearer(otherSupplier.token)).send({ ...listing, model: 'Other-1' }).expect(201)).body.data.id as string;
  const otherSupplierLead = (await request(app).post('/api/leads').set(bearer(customer.token)).send({ robot_id: otherSupplierListing, message: 'An inquiry for the other supplier.' }).expect(201)).body.data.id as string;
  const thirdIntegrator = await registerUser(app, { user_type: 'integrator' });
  const interestLead = (await request(app).post(`/api/integrator/opportunities/${customerProject}/interest`).set(bearer(thirdIntegrator.token)).send(interest()).expect(201)).body.data.id as string;
  const customerPrivateProject = (await request(app).post('/projects').set(bearer(customer.token)).send({ project_name: 'Private line', shared_with_integrators: false }).expect(201)).body.data.id as string;
  // The customer asks for a price on a shared catalog robot nobody lists (an open request), and the supplier answers it.
  const openRequest = (await request(app).post('/api/quote-requests').set(bearer(customer.token)).send({ robot_id: defined(publicRobot).id, quantity: 2, timeline: 'asap' }).expect(201)).body.data.id as string;
  const quotedRequest = (await request(app).post('/api/quote-requests').set(bearer(customer.token)).send({ robot_id: defined(otherPublicRobot).id, quantity: 1, timeline: 'asap' }).expect(201)).body.data.id as string;
  const supplierThread = (await request(app).post(`/api/quote-requests/${quotedRequest}/answers`).set(bearer(supplier.token)).send({ message: 'We can supply it.', quote: { price: 40000, valid_until: '2099-01-01' } }).expect(201)).body.data.id as string;
  const offerOn = async (token: string) =>
    (await request(app).post('/api/supplier/offers').set(bearer(token)).send({ robot_id: defined(offerRobot).id, price_min: 40000, currency: 'USD' }).expect(201)).body.data.id as string;
  const supplierOffer = await offerOn(supplier.token);
  const otherSupplierOffer = await offerOn(otherSupplier.token);
  const customerApiKey = (await request(app).post('/api/me/api-keys').set(bearer(customer.token)).send({ name: 'Fixture key', scopes: ['catalog:read'] }).expect(201)).body.data.id as string;
  const supplierWebhook = (await request(app).post('/api/webhooks/endpoints').set(bearer(supplier.token)).send({ url: 'http://127.0.0.1:9/hook', events: ['request.created'] }).expect(201)).body.data.id as string;
  const supplierDelivery = (await request(app).post(`/api/webhooks/endpoints/${supplierWebhook}/ping`).set(bearer(supplier.token)).expect(202)).body.data.id as string;
  const picture = async (token: string, offerId: string) =>
    (await request(app).post(`/api/supplier/offers/${offerId}/images`).set(bearer(token)).attach('file', PNG, 'cell.png').expect(201)).body.data.id as string;
  const supplierOfferImage = await picture(supplier.token, supplierOffer);
  const otherSupplierOfferImage = await picture(otherSupplier.token, otherSupplierOffer);
  const saveMapping = async (base: string, token: string) =>
    (await request(app).post(`${base}/bulk-upload/mappings`).set(bearer(token)).send({ ...savedMapping, name: 'Fixture mapping' }).expect(201)).body.id as string;
  return {
    customerApiKey,
    supplierWebhook,
    supplierDelivery,
    supplierOfferImage,
    otherSupplierOfferImage,
    integratorMapping: await saveMapping('/api/integrator', integrator.token),
    supplierMapping: await saveMapping('/api/supplier', supplier.token),
    offerRobot: defined(offerRobot).id,
    supplierOffer,
    otherSupplierOffer,
    customerProject,
    customerPrivateProject,
    integratorProject,
    publicRobot: defined(publicRobot).id,
    otherPublicRobot: defined(otherPublicRobot).id,
    mappings: { manufacturer: 'manufacturer', model: 'model', payload_kg: 'payload_kg', reach_mm: 'reach_mm', dof: 'dof' },
    supplierListing,
    otherSupplierListing,
    integratorRobot: defined(integratorRobot).id,
    integratorJob: 'matrix-job',
    integratorUpload: await upload('/api/integrator', integrator.token),
    supplierUpload: await upload('/api/supplier', supplier.token),
    supplierLead,
    otherSupplierLead,
    interestLead,
    openRequest,
    supplierThread,
    customerEmail: customer.user.email,
    customerPassword: customer.password,
    tokens: { anonymous: null, customer: customer.token, supplier: supplier.token, integrator: integrator.token, otherIntegrator: otherIntegrator.token },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The same fixtures with every object id swapped for an unknown id of the same shape. */
function unknownIds(f: Fixtures): Fixtures {
  const ghost = { ...f };
  for (const key of objectIds) ghost[key] = UUID.test(f[key]) ? randomUUID() : `${f[key]}-unknown`;
  return ghost;
}

/** What a case sends, as text: a case naming an object must send something else for its unknown-id twin. */
const describeRequest = (c: Case, f: Fixtures) =>
  JSON.stringify([c.path?.(f), c.body?.(f), Object.entries(c.file?.fields ?? {}).map(([name, value]) => [name, value(f)])]);

async function send(app: Express, method: string, c: Case, routePath: string, f: Fixtures, who: Identity) {
  const url = c.path?.(f) ?? routePath;
  let req = request(app)[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](url);
  const token = f.tokens[who];
  if (token) req = req.set(bearer(token));
  if (c.file) {
    for (const [name, value] of Object.entries(c.file.fields ?? {})) req = req.field(name, value(f));
    return req.attach('file', Buffer.isBuffer(c.file.content) ? c.file.content : Buffer.from(c.file.content), c.file.name);
  }
  return c.body ? req.send(c.body(f) as object) : req;
}

it('keeps its own rules: real ids in every path, and only the owner of a private object may get a 2xx', () => {
  const f = { ...Object.fromEntries(objectIds.map((key) => [key, randomUUID()])), mappings: {}, customerEmail: '', customerPassword: '', tokens: {} } as unknown as Fixtures;
  const problems: string[] = [];
  for (const [route, cases] of Object.entries(matrix)) {
    for (const c of cases) {
      const name = `${route}${c.label ? ` (${c.label})` : ''}`;
      if (route.includes('/:') && !c.path) problems.push(`${name}: a route with parameters needs a path with real ids`);
      if (!c.ownedBy) continue;
      const wrong = identities.filter((who) => !ownersOf(c).includes(who) && c.expect[who] === 'ok');
      if (wrong.length) problems.push(`${name}: ${wrong.join(', ')} may not get a 2xx for an object owned by ${ownersOf(c).join(' and ')}`);
      if (describeRequest(c, f) === describeRequest(c, unknownIds(f))) problems.push(`${name}: ownedBy is set but the request names no object`);
    }
  }
  expect(problems).toEqual([]);
});

describe.each(testBackends)('authorization matrix on %s', (backend) => {
  const ctx = useTestApp(backend);

  it('has a rule for every route of the app, and no rule for a route that is gone', () => {
    const routes = listRoutes(ctx().app).map((r) => `${r.method} ${r.path}`);
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((r) => !(r in matrix)), 'routes without a rule').toEqual([]);
    expect(Object.keys(matrix).filter((r) => !routes.includes(r)), 'rules without a route').toEqual([]);
  });

  it('holds API keys to their scopes on every route: a missing scope is 403 API_KEY_SCOPE_MISSING, a session-only route 403 API_KEY_NOT_ALLOWED', async () => {
    const { app } = ctx();
    const integrator = await registerUser(app, { user_type: 'integrator' });
    const keyWith = async (scopes: readonly string[]) =>
      (await request(app).post('/api/me/api-keys').set(bearer(integrator.token)).send({ name: `Matrix ${scopes.join(' ')}`, scopes }).expect(201)).body.secret as string;
    const everything = await keyWith(apiKeyScopes);
    const allBut = Object.fromEntries(await Promise.all(apiKeyScopes.map(async (scope) => [scope, await keyWith(apiKeyScopes.filter((s) => s !== scope))] as const)));
    const failures: string[] = [];
    const at = (path: string) => path.replace(/:[A-Za-z]+/g, randomUUID());
    const check = async (route: string, secret: string, code: string) => {
      const [method, path] = route.split(' ') as [string, string];
      const res = await request(app)[method.toLowerCase() as 'get'](at(path)).set(bearer(secret)).send({});
      const body = errorBodySchema.safeParse(res.body);
      if (res.status !== 403 || !body.success || body.data.code !== code) failures.push(`${route}: expected 403 ${code}, got ${res.status} ${JSON.stringify(res.body).slice(0, 100)}`);
    };
    for (const [method, path, scope] of apiKeyRoutes) await check(`${method} ${path}`, defined(allBut[scope]), 'API_KEY_SCOPE_MISSING');
    // Every other route of the app (no scope in its contracts entry) is closed to a key holding every scope.
    const keyed = new Set(apiKeyRoutes.map(([method, path]) => `${method} ${path}`));
    const sessionOnly = listRoutes(app)
      .map((r) => `${r.method} ${r.path}`)
      .filter((r) => !keyed.has(r));
    for (const route of sessionOnly) await check(route, everything, 'API_KEY_NOT_ALLOWED');
    expect(failures).toEqual([]);
    expect(sessionOnly).toEqual(expect.arrayContaining(['POST /auth/login', 'GET /auth/me', 'POST /api/me/api-keys', 'POST /api/webhooks/endpoints', 'POST /ai/chat']));
  });

  it('answers every route for every identity as the matrix says, and another account\'s object as an unknown id', async () => {
    const { app, handle } = ctx();
    const f = await setUp(app, handle.db);
    const ghost = unknownIds(f);
    const failures: string[] = [];
    let sent = 0;
    const entries = Object.entries(matrix).flatMap(([route, cases]) => cases.map((c) => ({ route, c })));
    const ordered = [...entries.filter((e) => !e.c.last), ...entries.filter((e) => e.c.last === true), ...entries.filter((e) => e.c.last === 'revokes')];
    const checkErrorBody = (name: string, res: request.Response) => {
      sent += 1;
      if (res.status >= 400 && !errorBodySchema.safeParse(res.body).success) failures.push(`${name}: ${res.status} without a JSON {message, error, code} body`);
    };
    // Owners go last in each round, so a delete or sign-out runs after the others have tried.
    for (const { route, c } of ordered) {
      const [method, routePath] = route.split(' ') as [string, string];
      const name = `${route}${c.label ? ` (${c.label})` : ''}`;
      for (const who of ['anonymous', 'otherIntegrator', 'supplier', 'customer', 'integrator'] as const) {
        const res = await send(app, method, c, routePath, f, who);
        checkErrorBody(`${name} as ${who}`, res);
        const want = c.expect[who];
        const ok = want === 'ok' ? res.status >= 200 && res.status < 300 : res.status === want;
        if (!ok) failures.push(`${name} as ${who}: expected ${want}, got ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
        if (!c.ownedBy || ownersOf(c).includes(who)) continue;
        // No existence oracle: for anyone but the owner, the object answers as an unknown id would.
        const unknown = await send(app, method, c, routePath, { ...ghost, tokens: f.tokens }, who);
        checkErrorBody(`${name} as ${who}, unknown id`, unknown);
        if (unknown.status !== res.status) failures.push(`${name} as ${who}: ${res.status} for the ${ownersOf(c).join(' and ')}'s object but ${unknown.status} for an unknown id (an existence oracle)`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(500);
  }, 180_000);
});
