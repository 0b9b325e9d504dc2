import { betaSignupRequestSchema } from '@cellforge/contracts';
import { zodResolver } from '@hookform/resolvers/zod';

/** The form's zod resolver: its own chunk (with zod and the schemas), imported by signup-resolver.ts on demand. */
export const validateSignup = zodResolver(betaSignupRequestSchema);
