// Interim index written by the lead so tests can run; the seed helper replaces it.
import type { SeedRobot } from '../types';
import { abbRobots } from './abb';
import { fanucRobots } from './fanuc';
import { kukaRobots } from './kuka';
import { yaskawaRobots } from './yaskawa';

export const seedRobots: SeedRobot[] = [...abbRobots, ...fanucRobots, ...kukaRobots, ...yaskawaRobots];
