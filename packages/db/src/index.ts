export * from './client';
export * from './normalize';
export * as schema from './schema';
export * from './schema';
export { seedCatalog } from './seed/seed';
export { seedRobots } from './seed/robots/index';
export type { SeedRobot } from './seed/types';
