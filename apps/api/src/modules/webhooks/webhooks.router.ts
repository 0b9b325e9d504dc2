import { Router, type Request } from 'express';
import {
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  type WebhookDeliveryAnswer,
  type WebhookDeliveryList,
  type WebhookEndpointAnswer,
  type WebhookEndpointCreated,
  type WebhookEndpointList,
  type WebhookSecret,
} from '@cellforge/contracts';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';
import { signedIn } from '../../middleware/signed-in';
import type { WebhookService } from './webhooks.service';

const id = (req: Request) => String(req.params.id);

/** /api/webhooks: a signed-in user's endpoints (any role), their deliveries, replay and a test event. */
export function createWebhooksRouter(deps: { webhooks: WebhookService; tokens: TokenService }): Router {
  const router = Router();
  const { webhooks } = deps;
  router.use(authenticate(deps.tokens, { required: true }));

  router.get('/endpoints', signedIn(async (_req, res, user) => {
    res.json({ data: await webhooks.list(user.userId) } satisfies WebhookEndpointList);
  }));
  router.post('/endpoints', signedIn(async (req, res, user) => {
    const input = createWebhookEndpointSchema.parse(req.body);
    res.status(201).json((await webhooks.create(user.userId, input)) satisfies WebhookEndpointCreated);
  }));
  router.get('/endpoints/:id', signedIn(async (req, res, user) => {
    res.json({ data: await webhooks.get(user.userId, id(req)) } satisfies WebhookEndpointAnswer);
  }));
  router.patch('/endpoints/:id', signedIn(async (req, res, user) => {
    const input = updateWebhookEndpointSchema.parse(req.body);
    res.json({ data: await webhooks.update(user.userId, id(req), input) } satisfies WebhookEndpointAnswer);
  }));
  router.delete('/endpoints/:id', signedIn(async (req, res, user) => {
    await webhooks.remove(user.userId, id(req));
    res.status(204).end();
  }));
  // POST, not GET: a secret does not belong in caches, logs of GET URLs or prefetches.
  router.post('/endpoints/:id/secret', signedIn(async (req, res, user) => {
    res.set('Cache-Control', 'no-store').json((await webhooks.revealSecret(user.userId, id(req))) satisfies WebhookSecret);
  }));
  router.post('/endpoints/:id/secret/rotate', signedIn(async (req, res, user) => {
    res.set('Cache-Control', 'no-store').json((await webhooks.rotateSecret(user.userId, id(req))) satisfies WebhookSecret);
  }));
  router.get('/endpoints/:id/deliveries', signedIn(async (req, res, user) => {
    res.json({ data: await webhooks.deliveries(user.userId, id(req)) } satisfies WebhookDeliveryList);
  }));
  router.post('/endpoints/:id/deliveries/:deliveryId/replay', signedIn(async (req, res, user) => {
    res.status(202).json({ data: await webhooks.replay(user.userId, id(req), String(req.params.deliveryId)) } satisfies WebhookDeliveryAnswer);
  }));
  router.post('/endpoints/:id/ping', signedIn(async (req, res, user) => {
    res.status(202).json({ data: await webhooks.ping(user.userId, id(req)) } satisfies WebhookDeliveryAnswer);
  }));
  return router;
}
