import { eq, sql } from 'drizzle-orm';
import type { IntegratorSettings } from '@cellforge/contracts';
import { integratorProfiles, users, type Database } from '@cellforge/db';
import { firstRow } from '../../lib/invariants';

/** The profile; before it is first saved, the company details given at registration. */
export async function findIntegratorSettings(db: Database, userId: string): Promise<IntegratorSettings> {
  const [row] = await db
    .select({
      profileCompany: integratorProfiles.companyName,
      profilePhone: integratorProfiles.phone,
      profileWebsite: integratorProfiles.website,
      city: integratorProfiles.city,
      hasProfile: sql<boolean>`${integratorProfiles.userId} is not null`,
      userCompany: users.companyName,
      userPhone: users.phone,
      userWebsite: users.website,
    })
    .from(users)
    .leftJoin(integratorProfiles, eq(integratorProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return { company_name: null, phone: null, website: null, city: null };
  if (row.hasProfile) {
    return { company_name: row.profileCompany, phone: row.profilePhone, website: row.profileWebsite, city: row.city };
  }
  return { company_name: row.userCompany, phone: row.userPhone, website: row.userWebsite, city: null };
}

export async function saveIntegratorSettings(db: Database, userId: string, settings: IntegratorSettings): Promise<IntegratorSettings> {
  const values = {
    companyName: settings.company_name || null,
    phone: settings.phone || null,
    website: settings.website || null,
    city: settings.city || null,
  };
  const rows = await db
    .insert(integratorProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: integratorProfiles.userId, set: { ...values, updatedAt: new Date() } })
    .returning();
  const row = firstRow(rows, 'the saved integrator profile');
  return { company_name: row.companyName, phone: row.phone, website: row.website, city: row.city };
}
