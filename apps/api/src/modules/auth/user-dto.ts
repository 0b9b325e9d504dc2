import type { User, UserType } from '@cellforge/contracts';
import type { UserRow } from './auth.repository';

/** The user as every answer shows it: never the password hash. */
export function toUserDto(row: UserRow): User {
  const userType = row.userType as UserType;
  return {
    id: row.id,
    user_id: row.id,
    email: row.email,
    first_name: row.firstName,
    firstName: row.firstName,
    last_name: row.lastName,
    user_type: userType,
    role: userType,
    company_name: row.companyName,
    phone: row.phone,
    job_title: row.jobTitle,
    website: row.website,
    company_size: row.companySize,
    industry: row.industry,
    preferences: row.preferences ?? {},
    created_at: row.createdAt.toISOString(),
  };
}
