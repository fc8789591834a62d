import { type AuthResponse, LIMITS, MESSAGES, type RegisterRequest, type User } from "@stepsync/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import * as authApi from "../api/auth";
import { abortAuthenticatedRequests, isApiError, onUnauthorized } from "../api/client";
import { describeError, logger } from "../lib/logger";
import { storage } from "../lib/storage";
import { AuthContext, type AuthContextValue, type AuthStatus, type GoogleResult } from "./context";

/** setTimeout cannot wait longer than 2^31-1 ms. */
const MAX_TIMEOUT = 2_147_483_647;
const EXTEND_RETRY_MS = 60_000;

interface State {
  status: AuthStatus;
  user: User | null;
  expiresAt: string | null;
}

function initialState(): State {
  storage.dropLegacyTokens();
  const user = storage.getUser();
  // A stored user is restored at once; the session (the cookie) is then checked with the server.
  if (user) return { status: "loading", user, expiresAt: null };
  return { status: "unauthenticated", user: null, expiresAt: null };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(initialState);
  const lastCheckRef = useRef<number>(0);
  const inflightRef = useRef<Promise<void> | null>(null);
  const extendTimerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastExtendRef = useRef<number>(0);
  const generationRef = useRef(0);

  const clearExtendTimer = useCallback(() => {
    if (extendTimerRef.current !== null) {
      clearTimeout(extendTimerRef.current);
      extendTimerRef.current = null;
    }
  }, []);

  const signOutLocally = useCallback(() => {
    generationRef.current++;
    clearExtendTimer();
    abortAuthenticatedRequests();
    storage.clearAuth();
    lastCheckRef.current = 0;
    setState({ status: "unauthenticated", user: null, expiresAt: null });
    queryClient.clear();
  }, [clearExtendTimer, queryClient]);

  // Session auto-extension: fires 30 minutes before expires_at, at once if that moment has passed.
  const scheduleExtension = useCallback(
    (expiresAt: string | null) => {
      clearExtendTimer();
      if (!expiresAt) return;
      const expires = Date.parse(expiresAt);
      if (Number.isNaN(expires)) return;
      let delay = expires - LIMITS.sessionExtendBeforeMs - Date.now();
      if (delay <= 0 && Date.now() - lastExtendRef.current < EXTEND_RETRY_MS) delay = EXTEND_RETRY_MS;
      const generation = generationRef.current;
      extendTimerRef.current = setTimeout(
        () => {
          extendTimerRef.current = null;
          lastExtendRef.current = Date.now();
          authApi
            .extendSession()
            .then((res) => {
              if (generation !== generationRef.current) return;
              setState((s) => ({ ...s, expiresAt: res.session.expires_at }));
              scheduleExtension(res.session.expires_at);
            })
            .catch((error: unknown) => {
              if (generation !== generationRef.current) return;
              if (isApiError(error, 401)) {
                logger.warn("Session could not be extended; signing out", "auth");
                signOutLocally();
              } else {
                logger.warn(`Session extension failed: ${describeError(error)}`, "auth");
                extendTimerRef.current = setTimeout(() => scheduleExtension(expiresAt), EXTEND_RETRY_MS);
              }
            });
        },
        Math.min(Math.max(delay, 0), MAX_TIMEOUT),
      );
    },
    [clearExtendTimer, signOutLocally],
  );

  const checkSession = useCallback(
    (force = false): Promise<void> => {
      if (!force && lastCheckRef.current && Date.now() - lastCheckRef.current < LIMITS.sessionRecheckMs) {
        return Promise.resolve();
      }
      if (inflightRef.current && !force) return inflightRef.current;
      const generation = generationRef.current;
      const run = authApi
        .getSession()
        .then((res) => {
          if (generation !== generationRef.current) return;
          lastCheckRef.current = Date.now();
          storage.setUser(res.user);
          setState({ status: "authenticated", user: res.user, expiresAt: res.session.expires_at });
          scheduleExtension(res.session.expires_at);
        })
        .catch((error: unknown) => {
          if (generation !== generationRef.current) return;
          if (isApiError(error) && (error.status === 401 || error.status === 403)) {
            // A failed check clears token, sessionId and user and signs the user out.
            signOutLocally();
            return;
          }
          // Server unreachable: keep a restored user rather than signing out on a network blip.
          logger.warn(`Session check failed: ${describeError(error)}`, "auth");
          setState((s) =>
            s.user ? { ...s, status: "authenticated" } : { status: "unauthenticated", user: null, expiresAt: null },
          );
        })
        .finally(() => {
          if (inflightRef.current === run) inflightRef.current = null;
        });
      inflightRef.current = run;
      return run;
    },
    [scheduleExtension, signOutLocally],
  );

  /**
   * Login or Google success: the server has set the session cookie, and its answer
   * holds the user and the session as GET /api/auth/session would, so that counts as the check.
   */
  const acceptAuth = useCallback(
    async (res: AuthResponse): Promise<User> => {
      generationRef.current++;
      queryClient.clear();
      storage.setUser(res.user);
      lastCheckRef.current = Date.now();
      setState({ status: "authenticated", user: res.user, expiresAt: res.session.expires_at });
      scheduleExtension(res.session.expires_at);
      return res.user;
    },
    [queryClient, scheduleExtension],
  );

  const login = useCallback(
    async (email: string, password: string) => acceptAuth(await authApi.login(email, password)),
    [acceptAuth],
  );

  const register = useCallback(async (input: RegisterRequest) => (await authApi.register(input)).message, []);

  const googleSignIn = useCallback(
    async (credential: string, mode: "login" | "register"): Promise<GoogleResult> => {
      const signedIn = async (res: AuthResponse, welcomeBack: boolean): Promise<GoogleResult> => ({
        user: await acceptAuth(res),
        welcomeBack,
        passwordRemoved: res.password_removed === true,
      });
      if (mode === "login") {
        try {
          return await signedIn(await authApi.googleLogin(credential), false);
        } catch (error) {
          // No account for this Google user yet: register it.
          if (!isApiError(error, 404)) throw error;
          return signedIn(await authApi.googleRegister(credential), false);
        }
      }
      let registered: AuthResponse;
      try {
        registered = await authApi.googleRegister(credential);
      } catch (error) {
        if (!isApiError(error, 409)) throw error;
        // The account exists: log in with the same credential instead.
        try {
          return await signedIn(await authApi.googleLogin(credential), true);
        } catch (loginError) {
          logger.warn(`Google fallback login failed: ${describeError(loginError)}`, "auth");
          throw new Error(MESSAGES.accountExistsLoginFailed);
        }
      }
      return signedIn(registered, false);
    },
    [acceptAuth],
  );

  // Signed out locally first (stopping calls still running), then the session ends on the server.
  const logout = useCallback(async () => {
    signOutLocally();
    try {
      await authApi.logout();
    } catch (error) {
      logger.warn(`Logout call failed: ${describeError(error)}`, "auth");
    }
  }, [signOutLocally]);

  const setUser = useCallback((user: User) => {
    storage.setUser(user);
    setState((s) => ({ ...s, user }));
  }, []);

  // Start: check the stored session once.
  const startedRef = useRef(false);
  useEffect(() => {
    if (startedRef.current) return;
    startedRef.current = true;
    if (state.status === "loading") void checkSession(true);
  }, [checkSession, state.status]);

  // Any authenticated call answered 401 means the session is gone.
  useEffect(
    () =>
      onUnauthorized((path) => {
        logger.info(`401 from ${path}; signing out`, "auth");
        signOutLocally();
      }),
    [signOutLocally],
  );

  // Re-check when the tab regains focus (skipped if checked in the last 10 minutes).
  useEffect(() => {
    if (state.status !== "authenticated") return;
    const onVisible = () => {
      if (document.visibilityState === "visible") void checkSession(false);
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [checkSession, state.status]);

  useEffect(() => clearExtendTimer, [clearExtendTimer]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.user,
      isAdmin: state.user?.role === "admin",
      expiresAt: state.expiresAt,
      login,
      register,
      googleSignIn,
      logout,
      checkSession,
      setUser,
    }),
    [state, login, register, googleSignIn, logout, checkSession, setUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
