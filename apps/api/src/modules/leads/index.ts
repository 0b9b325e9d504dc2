/**
 * Leads: a customer's inquiry about a supplier's listed robot, and an integrator's
 * interest in a customer's shared project. Other modules import it through this file.
 */
export { createLeadsRouter } from './leads.router';
export { createLeadsService, type LeadsService } from './leads.service';
export { dailyLeadCounts, findLeadDto, findLeadRow, findOpenLead, insertLead, listLeadsTo, setLeadStatus, type LeadRow } from './leads.repository';
