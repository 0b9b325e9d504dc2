import type { SeedRobot } from '../types';

export const frankaRobots: SeedRobot[] = [
  {
    manufacturer: 'Franka Robotics',
    model: 'Franka Research 3',
    category: 'collaborative',
    payloadKg: 3,
    reachMm: 855,
    dof: 7,
    repeatabilityMm: 0.1,
    weightKg: null,
    priceMinUsd: 25000,
    priceMaxUsd: 40000,
    applications: ['laboratory', 'assembly', 'pick-and-place'],
    industries: ['medical-devices', 'electronics', 'general-manufacturing'],
    description: 'Seven-axis torque-controlled arm with 3 kg payload and 855 mm reach, sold for robotics research with a real-time control interface.',
    source: 'Franka Research 3 datasheet',
  },
];
