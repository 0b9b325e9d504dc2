import { z } from 'zod';

/**
 * A lead is a conversation between a buyer and a seller. new and contacted are the
 * seller's marks; quoted follows a quote; accepted and declined are the buyer's answer to
 * it; closed ends the conversation (either side).
 */
export const leadStatuses = ['new', 'contacted', 'quoted', 'accepted', 'declined', 'closed'] as const;
export const leadKinds = ['robot_inquiry', 'integrator_interest', 'quote_request'] as const;

/** A lead: a customer asking a supplier about a listing, or an integrator offering to help on a project. */
export const leadSchema = z.object({
  id: z.string(),
  kind: z.enum(leadKinds),
  status: z.enum(leadStatuses),
  message: z.string(),
  robot: z.object({ id: z.string(), manufacturer: z.string(), model: z.string() }).nullable(),
  project: z.object({ id: z.string(), project_name: z.string() }).nullable(),
  from: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    company_name: z.string().nullable(),
    phone: z.string().nullable(),
    city: z.string().nullable().optional(),
    website: z.string().nullable().optional(),
  }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

export const createLeadSchema = z.object({
  robot_id: z.uuid({ message: 'Choose a robot' }),
  project_id: z.uuid().nullable().optional(),
  message: z.string().trim().min(10, { message: 'Message must be at least 10 characters' }).max(5000),
});
export const expressInterestSchema = z.object({
  message: z.string().trim().min(10, { message: 'Message must be at least 10 characters' }).max(5000),
});
/** The statuses a seller sets by hand; quoted, accepted and declined follow quotes and answers. */
export const sellerLeadStatuses = ['new', 'contacted', 'closed'] as const;
export const updateLeadStatusSchema = z.object({ status: z.enum(sellerLeadStatuses) }).strict();
export const leadListResponseSchema = z.object({ data: z.array(leadSchema) });
export type LeadListResponse = z.infer<typeof leadListResponseSchema>;
/** One lead, as created or changed. */
export const leadResponseSchema = z.object({ data: leadSchema });
export type LeadResponse = z.infer<typeof leadResponseSchema>;
export type CreateLeadRequest = z.output<typeof createLeadSchema>;
