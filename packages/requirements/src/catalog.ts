import type { RequirementRobotType, RobotCategory } from '@cellforge/contracts';

/** The catalog category (robots.category) of a requirement's robot type; gantry has none. */
export const catalogCategoryOf: Record<RequirementRobotType, RobotCategory | null> = {
  articulated: 'articulated',
  cobot: 'collaborative',
  scara: 'scara',
  delta: 'delta',
  palletizer: 'palletizing',
  gantry: null,
};
