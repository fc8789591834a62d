import { z } from "zod";
import { LIMITS, ROLES } from "./constants.ts";
import { MESSAGES } from "./messages.ts";

/** Loose email shape used by both client and server: something@something.tld. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalid);

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  bio: z.string().nullable(),
  profile_image: z.string().nullable(),
  role: z.enum(ROLES),
  created_at: z.string(),
  /** Whether the owner of `email` has opened a confirmation link (or signed up with Google). */
  email_verified: z.boolean(),
  /** A new address waiting for its confirmation link to be opened; the e-mail changes then. */
  pending_email: z.string().nullable(),
  /** Whether the account has a password (not Google-only): changing the e-mail then needs it. */
  has_password: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const registerRequest = z.object({
  username: z
    .string({ error: MESSAGES.nameRequired })
    .trim()
    .min(1, MESSAGES.nameRequired)
    .max(80, "Name must be at most 80 characters"),
  email,
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .min(LIMITS.signupPasswordMin, MESSAGES.passwordTooShort)
    .max(200, "Password must be at most 200 characters"),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const loginRequest = z.object({
  email: z.string({ error: MESSAGES.loginBothRequired }).trim().toLowerCase().min(1, MESSAGES.loginBothRequired),
  password: z.string({ error: MESSAGES.loginBothRequired }).min(1, MESSAGES.loginBothRequired),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const googleRequest = z.object({
  credential: z.string({ error: MESSAGES.authFailed }).min(1, MESSAGES.authFailed),
});

export const sessionInfo = z.object({ expires_at: z.string() });

/** Answer of login and the Google calls. */
export const authResponse = z.object({
  token: z.string(),
  session_id: z.string(),
  user: userSchema,
  session: sessionInfo,
  message: z.string().optional(),
  /** Google sign-in removed a password set before the address was confirmed (`message` says so). */
  password_removed: z.boolean().optional(),
});
export type AuthResponse = z.infer<typeof authResponse>;

export const sessionResponse = z.object({ user: userSchema, session: sessionInfo });
export type SessionResponse = z.infer<typeof sessionResponse>;

export const extendResponse = z.object({ session: sessionInfo });
export type ExtendResponse = z.infer<typeof extendResponse>;

/** POST /api/auth/verify-email: what changed, and the account as it now is. */
export const verifyEmailResponse = z.object({ message: z.string(), user: userSchema });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponse>;

export const forgotPasswordRequest = z.object({
  email: z.string({ error: MESSAGES.forgotEmailRequired }).trim().toLowerCase().min(1, MESSAGES.forgotEmailRequired),
});

export const verifyEmailRequest = z.object({
  token: z
    .string({ error: MESSAGES.invalidConfirmLink })
    .min(1, MESSAGES.invalidConfirmLink)
    .max(200, MESSAGES.invalidConfirmLink),
});

export const validateResetTokenRequest = z.object({
  token: z.string({ error: MESSAGES.invalidResetLink }).min(1, MESSAGES.invalidResetLink),
});
export const validateResetTokenResponse = z.object({ email: z.string(), username: z.string() });
export type ValidateResetTokenResponse = z.infer<typeof validateResetTokenResponse>;

/** Password strength of the reset screen: one point each for length ≥ 8, lower, upper, digit, special. */
export function passwordStrength(password: string): number {
  let score = 0;
  if (password.length >= LIMITS.resetLengthPoint) score++;
  if (/[a-z]/.test(password)) score++;
  if (/[A-Z]/.test(password)) score++;
  if (/\d/.test(password)) score++;
  if (/[^A-Za-z0-9]/.test(password)) score++;
  return score;
}

export const resetPasswordRequest = z.object({
  token: z.string({ error: MESSAGES.invalidResetLink }).min(1, MESSAGES.invalidResetLink),
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .max(200, "Password must be at most 200 characters")
    .refine((p) => passwordStrength(p) >= LIMITS.resetStrengthThreshold, MESSAGES.weakPassword),
});

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
export const errorResponse = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;
