import type { RegisterRequest, User } from "@stepsync/contracts";
import { createContext, useContext } from "react";

/** Where the session stands: still being checked, signed in, or not. */
export type AuthStatus = "loading" | "authenticated" | "unauthenticated";

export interface GoogleResult {
  user: User;
  /** True when registration found an existing account and we logged in instead. */
  welcomeBack: boolean;
  /** Google proved the address of an account whose password had never been: the password was removed. */
  passwordRemoved: boolean;
}

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  isAdmin: boolean;
  expiresAt: string | null;
  login(email: string, password: string): Promise<User>;
  /** Signs up; answers the server's "check your e-mail", alike for a taken address (no session: the page then logs in). */
  register(input: RegisterRequest): Promise<string>;
  googleSignIn(credential: string, mode: "login" | "register"): Promise<GoogleResult>;
  logout(): Promise<void>;
  /** Re-checks the session with the server; skipped when the last check is under 10 minutes old unless forced. */
  checkSession(force?: boolean): Promise<void>;
  /** Replace the signed-in user (after a profile edit). */
  setUser(user: User): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}

export function displayName(user: Pick<User, "full_name" | "username"> | null | undefined, fallback = ""): string {
  return user?.full_name?.trim() || user?.username || fallback;
}
