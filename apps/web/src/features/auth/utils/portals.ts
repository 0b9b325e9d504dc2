import type { PortalRole } from '@cellforge/contracts';

export const PORTALS: ReadonlyArray<{ role: PortalRole; description: string }> = [
  { role: 'customer', description: 'Find robots for your tasks, create projects and contact suppliers.' },
  { role: 'supplier', description: 'List your robots, receive leads and follow how your listings perform.' },
  { role: 'integrator', description: 'Manage your catalog, customer projects, bulk uploads and video analysis.' },
];
