import type { SeedRobot } from '../types';
import { abbRobots } from './abb';
import { comauRobots } from './comau';
import { densoRobots } from './denso';
import { doosanRobots } from './doosan';
import { withEnvironment } from './environment';
import { epsonRobots } from './epson';
import { fanucRobots } from './fanuc';
import { frankaRobots } from './franka';
import { kawasakiRobots } from './kawasaki';
import { kinovaRobots } from './kinova';
import { kukaRobots } from './kuka';
import { mitsubishiRobots } from './mitsubishi';
import { nachiRobots } from './nachi';
import { omronRobots } from './omron';
import { staubliRobots } from './staubli';
import { techmanRobots } from './techman';
import { universalRobotsRobots } from './universal-robots';
import { yaskawaRobots } from './yaskawa';

export const seedRobots: SeedRobot[] = [
  ...abbRobots,
  ...fanucRobots,
  ...kukaRobots,
  ...yaskawaRobots,
  ...universalRobotsRobots,
  ...kawasakiRobots,
  ...staubliRobots,
  ...epsonRobots,
  ...densoRobots,
  ...nachiRobots,
  ...doosanRobots,
  ...techmanRobots,
  ...omronRobots,
  ...mitsubishiRobots,
  ...comauRobots,
  ...frankaRobots,
  ...kinovaRobots,
].map(withEnvironment);
