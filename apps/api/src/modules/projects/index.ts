/**
 * Projects: customers' and integrators' projects, their requirements and their ranked
 * robot matches. Other modules import it through this file.
 */
export { createIntegratorProjectsRouter, createProjectsRouter } from './projects.router';
export { createProjectsService, type ProjectsService } from './projects.service';
