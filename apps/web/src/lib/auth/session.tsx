import {
  readAuthAnswer,
  readUser,
  type LoginRequest,
  type ProfileUpdate,
  type RegisterRequest,
  type Role,
} from '@cellforge/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { env } from '@/config/env';
import { isApiError } from '@/lib/api-client';
import { clearSession, getAccessToken, setAccessToken, setStoredUser } from '@/lib/storage';
import { getMe, patchMe, postLogin, postRegister, postVerify } from './auth-api';
import { firstNameOf, sessionRoleOf, type SessionUser } from './session-user';

/** docs/product.md §8.3: the texts of the session's messages. */
export const SESSION_MESSAGES = {
  invalidResponse: 'Invalid response from server',
  loginFailed: 'Login failed. Please try again.',
  registerFailed: 'Registration failed. Please try again.',
  profileFailed: 'Failed to get profile',
  verifyFailed: 'Token verification failed',
  logoutFailed: 'Logout failed',
  loggedOut: 'Logged out successfully',
  profileUpdated: 'Profile updated successfully',
  profileUpdateFailed: 'Profile update failed',
} as const;

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface VerifyResult {
  valid: boolean;
  user: Record<string, unknown> | null;
  error?: string;
}

export interface SessionContextValue {
  user: SessionUser | null;
  role: Role | null;
  status: SessionStatus;
  /** True while the stored token is being checked at start-up. */
  isLoading: boolean;
  /** docs/product.md §5.1: authenticated means a user is present. */
  isAuthenticated: boolean;
  login: (credentials: LoginRequest) => Promise<SessionUser>;
  register: (payload: RegisterRequest) => Promise<SessionUser>;
  /** Clears the stored session; makes no call (docs/product.md §5.1). */
  logout: () => void;
  updateProfile: (changes: ProfileUpdate) => Promise<SessionUser>;
  verifyToken: (token?: string) => Promise<VerifyResult>;
}

/** The error raised when a login/register answer holds no user with an email. */
export class InvalidAuthResponseError extends Error {
  override readonly name = 'InvalidAuthResponseError';
  constructor() {
    super(SESSION_MESSAGES.invalidResponse);
  }
}

/** The text a failed login/register shows: the server's message, else the fallback. */
export function authFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof InvalidAuthResponseError) return error.message;
  if (isApiError(error) && error.fromServer && error.message) return error.message;
  return fallback;
}

const SessionContext = createContext<SessionContextValue | null>(null);

function acceptAuthAnswer(answer: unknown): SessionUser {
  const auth = readAuthAnswer(answer);
  if (!auth) throw new InvalidAuthResponseError();
  if (auth.token) setAccessToken(auth.token);
  setStoredUser(auth.user);
  return auth.user;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<SessionUser | null>(null);
  // With a stored token the session is unknown until GET /auth/me answers.
  const [checking, setChecking] = useState<boolean>(() => getAccessToken() !== null);

  useEffect(() => {
    if (!checking) return;
    const controller = new AbortController();
    getMe(controller.signal)
      .then((answer) => {
        const me = readUser(answer);
        if (!me || typeof me.email !== 'string') throw new InvalidAuthResponseError();
        setStoredUser(me);
        setUser(me as SessionUser);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // Start-up failures are not the user's doing: log, forget the session, no toast.
        console.error(SESSION_MESSAGES.profileFailed, error);
        clearSession();
        setUser(null);
      })
      .finally(() => {
        if (!controller.signal.aborted) setChecking(false);
      });
    return () => controller.abort();
  }, [checking]);

  const login = useCallback(async (credentials: LoginRequest) => {
    try {
      const signedIn = acceptAuthAnswer(await postLogin(credentials));
      setUser(signedIn);
      setChecking(false);
      toast.success(`Welcome back, ${firstNameOf(signedIn) || 'User'}`);
      return signedIn;
    } catch (error) {
      toast.error(authFailureMessage(error, SESSION_MESSAGES.loginFailed));
      throw error;
    }
  }, []);

  const register = useCallback(async (payload: RegisterRequest) => {
    try {
      const created = acceptAuthAnswer(await postRegister(payload));
      setUser(created);
      setChecking(false);
      toast.success(`Welcome to ${env.appName}, ${firstNameOf(created) || 'User'}`);
      return created;
    } catch (error) {
      toast.error(authFailureMessage(error, SESSION_MESSAGES.registerFailed));
      throw error;
    }
  }, []);

  const logout = useCallback(() => {
    try {
      clearSession();
      setUser(null);
      setChecking(false);
      // Cached answers belong to the previous user.
      queryClient.clear();
      toast.success(SESSION_MESSAGES.loggedOut);
    } catch (error) {
      console.error(SESSION_MESSAGES.logoutFailed, error);
      toast.error(SESSION_MESSAGES.logoutFailed);
    }
  }, [queryClient]);

  const updateProfile = useCallback(
    async (changes: ProfileUpdate) => {
      if (!user) {
        toast.error(SESSION_MESSAGES.profileUpdateFailed);
        throw new Error('Not signed in');
      }
      try {
        const answer = await patchMe(changes);
        const fromServer = readUser(answer);
        const merged = { ...user, ...changes, ...(fromServer ?? {}) } as SessionUser;
        setStoredUser(merged);
        setUser(merged);
        toast.success(SESSION_MESSAGES.profileUpdated);
        return merged;
      } catch (error) {
        toast.error(SESSION_MESSAGES.profileUpdateFailed);
        throw error;
      }
    },
    [user],
  );

  const verifyToken = useCallback(async (token?: string): Promise<VerifyResult> => {
    const candidate = token ?? getAccessToken();
    if (!candidate) return { valid: false, user: null, error: SESSION_MESSAGES.verifyFailed };
    try {
      const answer = await postVerify(candidate);
      const valid = typeof answer === 'object' && answer !== null && (answer as { valid?: unknown }).valid === true;
      return { valid, user: readUser(answer) };
    } catch (error) {
      console.error(SESSION_MESSAGES.verifyFailed, error);
      return { valid: false, user: null, error: SESSION_MESSAGES.verifyFailed };
    }
  }, []);

  const status: SessionStatus = checking ? 'loading' : user ? 'authenticated' : 'anonymous';

  const value = useMemo<SessionContextValue>(
    () => ({
      user,
      role: sessionRoleOf(user),
      status,
      isLoading: status === 'loading',
      isAuthenticated: user !== null,
      login,
      register,
      logout,
      updateProfile,
      verifyToken,
    }),
    [user, status, login, register, logout, updateProfile, verifyToken],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
