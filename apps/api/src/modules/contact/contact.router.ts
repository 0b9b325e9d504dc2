import { Router } from 'express';
import { contactRequestSchema, type ContactResponse } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';
import { insertContactMessage } from './contact.repository';

/** The public contact form; a signed-in sender's account is kept with the message. */
export function createContactRouter(deps: { db: Database; tokens: TokenService }): Router {
  const router = Router();
  router.post('/contact', authenticate(deps.tokens, { required: false }), async (req, res) => {
    const input = contactRequestSchema.parse(req.body);
    const { id } = await insertContactMessage(deps.db, {
      name: input.name,
      email: input.email,
      company: input.company || null,
      subject: input.subject,
      message: input.message,
      userId: req.auth?.userId ?? null,
    });
    res.status(201).json({ success: true, id, message: 'Thanks — your message has been sent.' } satisfies ContactResponse);
  });
  return router;
}
