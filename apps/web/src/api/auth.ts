import {
  type AuthResponse,
  type ExtendResponse,
  MESSAGES,
  type MessageResponse,
  type RegisterRequest,
  type SessionResponse,
  type ValidateResetTokenResponse,
  type VerifyEmailResponse,
} from "@stepsync/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "./client";
import { keys } from "./keys";

const authCall = { notifyUnauthorized: false } as const;

/** Signs up: answers "check your e-mail", the same whether or not the address was free (no session). */
export function register(input: RegisterRequest): Promise<MessageResponse> {
  return apiRequest<MessageResponse>("/api/auth/register", {
    ...authCall,
    method: "POST",
    body: input,
    fallback: MESSAGES.registrationFailed,
  });
}

export function login(email: string, password: string): Promise<AuthResponse> {
  return apiRequest<AuthResponse>("/api/auth/login", {
    ...authCall,
    method: "POST",
    body: { email, password },
    fallback: MESSAGES.loginFailed,
  });
}

export function getSession(): Promise<SessionResponse> {
  return apiRequest<SessionResponse>("/api/auth/session", { ...authCall, fallback: MESSAGES.authRequired });
}

export function extendSession(): Promise<ExtendResponse> {
  return apiRequest("/api/auth/session/extend", { ...authCall, method: "POST", fallback: MESSAGES.authRequired });
}

/** Ends the session of the cookie, which the server then clears. */
export function logout(): Promise<MessageResponse | null> {
  return apiRequest("/api/auth/logout", { ...authCall, method: "POST", auth: false });
}

export function googleLogin(credential: string): Promise<AuthResponse> {
  return apiRequest<AuthResponse>("/api/auth/google-login", {
    ...authCall,
    method: "POST",
    body: { credential },
    fallback: MESSAGES.googleLoginFailed,
  });
}

export function googleRegister(credential: string): Promise<AuthResponse> {
  return apiRequest<AuthResponse>("/api/auth/google-register", {
    ...authCall,
    method: "POST",
    body: { credential },
    fallback: MESSAGES.googleRegistrationFailed,
  });
}

export function forgotPassword(email: string): Promise<MessageResponse> {
  return apiRequest("/api/auth/forgot-password", {
    ...authCall,
    method: "POST",
    body: { email },
    fallback: MESSAGES.resetEmailFailed,
  });
}

export function validateResetToken(token: string): Promise<ValidateResetTokenResponse> {
  return apiRequest("/api/auth/validate-reset-token", {
    ...authCall,
    method: "POST",
    body: { token },
    fallback: MESSAGES.invalidResetLink,
  });
}

/** Whether a reset link works: asked once, never again while its form is open. */
export function useResetTokenCheck(token: string) {
  return useQuery({
    queryKey: keys.auth.resetToken(token),
    queryFn: () => validateResetToken(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

export function resetPassword(token: string, password: string): Promise<MessageResponse> {
  return apiRequest("/api/auth/reset-password", {
    ...authCall,
    method: "POST",
    body: { token, password },
    fallback: MESSAGES.resetFailed,
  });
}

/** Confirms the address of an e-mail link; only for the account signed in (401 signed out, 403 another account). */
export function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return apiRequest("/api/auth/verify-email", {
    ...authCall,
    method: "POST",
    body: { token },
    fallback: MESSAGES.invalidConfirmLink,
  });
}

/** Mails the signed-in user a new confirmation link. */
export function resendVerification(): Promise<MessageResponse> {
  return apiRequest("/api/auth/resend-verification", { method: "POST" });
}
