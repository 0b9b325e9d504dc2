/** Customer projects shared with integrators and the integrators customers find. Other modules import it through this file. */
export { createOpportunitiesRouter } from './opportunities.router';
export { createOpportunitiesService, type OpportunitiesService } from './opportunities.service';
