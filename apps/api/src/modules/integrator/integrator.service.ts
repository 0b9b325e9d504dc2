import type { IntegratorSettings } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { findIntegratorSettings, saveIntegratorSettings } from './integrator.repository';

export type IntegratorService = ReturnType<typeof createIntegratorService>;

/** The integrator's company profile (settings dialog). */
export function createIntegratorService(deps: { db: Database }) {
  const { db } = deps;
  return {
    settings(userId: string): Promise<IntegratorSettings> {
      return findIntegratorSettings(db, userId);
    },
    /** Fields left out keep their saved value; the settings dialog sends all four. */
    async saveSettings(userId: string, input: Partial<IntegratorSettings>): Promise<IntegratorSettings> {
      const current = await findIntegratorSettings(db, userId);
      return saveIntegratorSettings(db, userId, { ...current, ...input });
    },
  };
}
