import { z } from 'zod';
import { errorBodySchema } from './errors';

export const contactRequestSchema = z.object({
  name: z.string().trim().min(1, { message: 'Name is required' }).max(120),
  email: z.string().trim().toLowerCase().pipe(z.email({ message: 'Enter a valid email address' }).max(254)),
  company: z.string().trim().max(160).optional().default(''),
  subject: z.string().trim().min(1, { message: 'Subject is required' }).max(200),
  message: z
    .string()
    .trim()
    .min(10, { message: 'Message must be at least 10 characters' })
    .max(5000, { message: 'Message must be at most 5000 characters' }),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;
export const contactResponseSchema = z.object({ success: z.literal(true), id: z.string(), message: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/** Marketing figures of the home page (docs/product.md §3.4). */
export const MARKETING_FIGURES = [
  { value: '94%', label: 'accuracy' },
  { value: '95%', label: 'success' },
  { value: '30%', label: 'faster' },
] as const;

/** GET /health: the API answers and its database does (503 with the error shape when it does not). */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.object({ kind: z.string(), ok: z.literal(true), latency_ms: z.number().int() }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
/** GET /health when the database does not answer (503): the error shape with the same status fields. */
export const healthUnavailableSchema = errorBodySchema.extend({
  code: z.literal('SERVICE_UNAVAILABLE'),
  status: z.literal('error'),
  database: z.object({ kind: z.string(), ok: z.literal(false) }),
});
export type HealthUnavailable = z.infer<typeof healthUnavailableSchema>;
