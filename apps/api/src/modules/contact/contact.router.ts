import { Router } from 'express';
import { contactRequestSchema } from '@cellforge/contracts';
import { contactMessages, type Database } from '@cellforge/db';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';

export function createContactRouter(deps: { db: Database; tokens: TokenService }): Router {
  const router = Router();
  router.post('/contact', authenticate(deps.tokens, { required: false }), async (req, res) => {
    const input = contactRequestSchema.parse(req.body);
    const [row] = await deps.db
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        company: input.company || null,
        subject: input.subject,
        message: input.message,
        userId: req.auth?.userId ?? null,
      })
      .returning({ id: contactMessages.id });
    res.status(201).json({ success: true, id: row!.id, message: 'Thanks — your message has been sent.' });
  });
  return router;
}
