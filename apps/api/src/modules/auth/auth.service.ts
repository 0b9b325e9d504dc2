import bcrypt from 'bcrypt';
import {
  normalizeRole,
  roleDisplayName,
  type AuthResponse,
  type User,
  type UserType,
  type VerifyResponse,
} from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { AppError } from '../../lib/errors';
import { weakPasswordReason } from './password-strength';
import type { TokenService } from '../../lib/tokens';
import { bumpTokenVersion, findUserByEmail, findUserById, insertUser, updateUser, type UserRow } from './auth.repository';
import { toUserDto } from './user-dto';
import { isUniqueViolation } from '../../lib/db-values';

export interface AuthDeps {
  db: Database;
  tokens: TokenService;
  bcryptRounds: number;
  appName: string;
}

export interface RegisterInput {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  user_type: UserType;
  company_name: string | null;
  phone: string | null;
  job_title: string | null;
  website: string | null;
  company_size: string | null;
  industry: string | null;
}

const portalPath: Record<string, string> = { customer: 'Customer', supplier: 'Supplier', integrator: 'System Integrator' };

const emailTaken = () =>
  new AppError('EMAIL_TAKEN', 'An account with this email already exists. Sign in instead.', {
    email: ['An account with this email already exists'],
  });

export function createAuthService(deps: AuthDeps) {
  // A real hash to compare against when the email is unknown, so both paths cost the same.
  const dummyHash = bcrypt.hashSync('cellforge-timing-equaliser', deps.bcryptRounds);

  function issue(row: UserRow, message: string): AuthResponse {
    const token = deps.tokens.sign({ sub: row.id, user_type: row.userType as UserType, email: row.email, ver: row.tokenVersion });
    return {
      success: true,
      message,
      user: toUserDto(row),
      token,
      access_token: token,
      expires_in: deps.tokens.expiresInSeconds,
    };
  }

  return {
    async register(input: RegisterInput): Promise<AuthResponse> {
      if (await findUserByEmail(deps.db, input.email)) throw emailTaken();
      const weak = await weakPasswordReason(input.password, [input.email, input.first_name, input.last_name, input.company_name]);
      if (weak) throw new AppError('VALIDATION_FAILED', weak, { password: [weak] });
      const passwordHash = await bcrypt.hash(input.password, deps.bcryptRounds);
      try {
        const row = await insertUser(deps.db, {
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          userType: input.user_type,
          companyName: input.company_name,
          phone: input.phone,
          jobTitle: input.job_title,
          website: input.website,
          companySize: input.company_size,
          industry: input.industry,
        });
        return issue(row, `Welcome to ${deps.appName}, ${row.firstName}`);
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
    },

    async login(email: string, password: string, requiredUserType?: UserType | null): Promise<AuthResponse> {
      const row = await findUserByEmail(deps.db, email);
      const ok = await bcrypt.compare(password, row?.passwordHash ?? dummyHash);
      if (!row || !ok) throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
      if (requiredUserType) {
        const wanted = normalizeRole(requiredUserType);
        const actual = normalizeRole(row.userType);
        if (wanted !== actual) {
          throw new AppError(
            'ROLE_MISMATCH',
            `This account is registered as a ${roleDisplayName(actual)} account. Sign in through the ${portalPath[actual]} portal instead.`,
          );
        }
      }
      return issue(row, `Welcome back, ${row.firstName || 'User'}`);
    },

    async getProfile(userId: string): Promise<User> {
      const row = await findUserById(deps.db, userId);
      if (!row) throw new AppError('TOKEN_INVALID', 'Your account no longer exists. Please sign in again.');
      return toUserDto(row);
    },

    async verify(token: string): Promise<VerifyResponse> {
      const claims = deps.tokens.verify(token);
      if (!claims) return { valid: false, user: null };
      const row = await findUserById(deps.db, claims.sub);
      return row && row.tokenVersion === claims.ver ? { valid: true, user: toUserDto(row) } : { valid: false, user: null };
    },

    /** Signs the user out everywhere: every token issued so far stops working. */
    async revokeTokens(userId: string): Promise<void> {
      await bumpTokenVersion(deps.db, userId);
      await deps.tokens.forget(userId);
    },

    async updateProfile(
      userId: string,
      changes: {
        first_name?: string;
        last_name?: string;
        company_name?: string | null;
        phone?: string | null;
        job_title?: string | null;
        website?: string | null;
        company_size?: string | null;
        industry?: string | null;
        preferences?: Record<string, unknown>;
      },
    ): Promise<User> {
      const row = await updateUser(deps.db, userId, {
        firstName: changes.first_name,
        lastName: changes.last_name,
        companyName: changes.company_name,
        phone: changes.phone,
        jobTitle: changes.job_title,
        website: changes.website,
        companySize: changes.company_size,
        industry: changes.industry,
        preferences: changes.preferences,
      });
      if (!row) throw new AppError('TOKEN_INVALID', 'Your account no longer exists. Please sign in again.');
      return toUserDto(row);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
