import type { SeedRobot } from '../types';

export const kinovaRobots: SeedRobot[] = [
  {
    manufacturer: 'Kinova',
    model: 'Gen3 lite',
    category: 'collaborative',
    payloadKg: 0.5,
    reachMm: 760,
    dof: 6,
    repeatabilityMm: null,
    weightKg: 5.4,
    priceMinUsd: null,
    priceMaxUsd: null,
    applications: ['laboratory', 'pick-and-place', 'inspection'],
    industries: ['medical-devices', 'pharmaceutical', 'general-manufacturing'],
    description: 'Lightweight six-axis arm with 0.5 kg payload and 760 mm reach for education, research and light lab tasks.',
    source: 'Kinova Gen3 lite specifications',
  },
];
