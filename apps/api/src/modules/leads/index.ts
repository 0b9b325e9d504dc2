/**
 * Leads: conversations between buyers and sellers (a customer's inquiry about a listed
 * robot, a customer's request for quote on any catalog model, an integrator's interest in
 * a shared project) with their messages and quotes. Owns leads, lead_messages and
 * quote_requests. Other modules import it through this file.
 */
export { createLeadsRouter } from './leads.router';
export { createLeadsService, type LeadsService } from './leads.service';
export { createQuoteRequestsRouter, createThreadsRouter } from './threads.router';
export { createThreadsService, type ThreadEvent, type ThreadsService } from './threads.service';
export { createThreadNotifier } from './thread-notifications';
export { createQuoteRequestsService, type QuoteRequestsService } from './quote-requests.service';
export { dailyLeadCounts, findLeadDto, findLeadRow, findOpenLead, insertLead, listLeadsTo, sellerThreadEvents, setLeadStatus, type LeadRow, type SellerThreadEvent } from './leads.repository';
