import type { SeedEnvironment, SeedRobot } from '../types';

/**
 * Environment and installation values of the seed catalog (migration 0009), per series,
 * each with the maker's document it is published in. Only values the maker publishes for
 * the standard version of the listed model are here; anything not listed stays null
 * ("—" on the site), never a guess. Options (a cleanroom or food-grade variant sold under
 * another model name, an IP67 upgrade kit) are not the listed model's values.
 */
const series: Array<{ models: string[]; environment: SeedEnvironment }> = [
  {
    models: ['UR3e', 'UR5e', 'UR10e', 'UR16e'],
    environment: {
      ipRating: 54,
      cleanroomIsoClass: 5,
      mounting: ['floor', 'ceiling', 'wall', 'angle'],
      maxSpeedMmS: 1000,
      source: 'Universal Robots e-Series technical specifications (UR3e, UR5e, UR10e, UR16e): IP54, ISO 14644-1 Class 5, mounting in any orientation, TCP speed 1 m/s',
    },
  },
  {
    models: ['UR20', 'UR30'],
    environment: {
      ipRating: 65,
      mounting: ['floor', 'ceiling', 'wall', 'angle'],
      source: 'Universal Robots UR20 and UR30 technical specifications: IP65, mounting in any orientation',
    },
  },
  {
    models: ['CRX-5iA', 'CRX-10iA', 'CRX-10iA/L', 'CRX-20iA/L', 'CRX-25iA'],
    environment: {
      ipRating: 67,
      mounting: ['floor', 'ceiling', 'angle'],
      source: 'FANUC CRX series specifications: IP67; installation floor, upside-down or angle',
    },
  },
  {
    models: ['IRB 2600-20/1.65', 'IRB 2600-12/1.85', 'IRB 4600-60/2.05', 'IRB 4600-40/2.55', 'IRB 6700-200/2.60', 'IRB 6700-150/3.20', 'IRB 6700-300/2.70'],
    environment: {
      ipRating: 67,
      source: 'ABB product specifications IRB 2600, IRB 4600 and IRB 6700: protection IP67 (standard)',
    },
  },
  {
    models: ['IRB 360-1/1130', 'IRB 360-8/1130', 'IRB 390-15/1300'],
    environment: { mounting: ['ceiling'], source: 'ABB IRB 360 FlexPicker and IRB 390 FlexPacker product specifications: inverted (ceiling) mounting' },
  },
  {
    models: ['M-2iA/3S', 'M-3iA/6S'],
    environment: { mounting: ['ceiling'], source: 'FANUC M-2iA and M-3iA specifications: parallel-link robots mounted upside-down' },
  },
  {
    models: ['MPP3H'],
    environment: { mounting: ['ceiling'], source: 'Yaskawa Motoman MPP3H specifications: ceiling-mounted delta picker' },
  },
  {
    models: ['RS4-551S'],
    environment: { mounting: ['ceiling'], source: 'Epson RS-series SCARA specifications: ceiling-mounted SCARA' },
  },
  {
    models: ['LBR iiwa 7 R800', 'LBR iiwa 14 R820'],
    environment: {
      ipRating: 54,
      mounting: ['floor', 'ceiling', 'wall', 'angle'],
      source: 'KUKA LBR iiwa specification: protection IP54, any mounting position',
    },
  },
  {
    models: ['TM5-700', 'TM5-900', 'TM12', 'TM14'],
    environment: { ipRating: 54, source: 'Techman Robot TM5, TM12 and TM14 hardware specifications: IP54' },
  },
  {
    models: ['M0609', 'M0617', 'M1013', 'M1509'],
    environment: { ipRating: 54, source: 'Doosan Robotics M-SERIES specifications: IP54' },
  },
  {
    models: ['E0509'],
    environment: { ipRating: 66, foodGrade: true, source: 'Doosan Robotics E-SERIES (E0509) specifications: IP66, NSF-certified hygienic design for food and beverage' },
  },
  {
    models: ['HC10DTP', 'HC20DTP'],
    environment: { ipRating: 67, source: 'Yaskawa Motoman HC10DTP and HC20DTP specifications: IP67 (dust- and drip-proof)' },
  },
];

const byModel = new Map<string, SeedEnvironment>();
for (const s of series) for (const m of s.models) byModel.set(m, s.environment);

/** The published environment values of a seed robot, if any. */
export function withEnvironment(robot: SeedRobot): SeedRobot {
  const found = byModel.get(robot.model);
  return found ? { ...robot, environment: found } : robot;
}

/** Models named above, for the test that every one exists in the seed catalog. */
export const modelsWithEnvironment = [...byModel.keys()];
