import { useEffect } from "react";
import { Navigate, Outlet, useLocation, type Location } from "react-router";
import { useAuth } from "../auth/context";
import { TEXTS } from "../constants/texts";
import { PageSpinner } from "./Spinner";

/** Where a visitor was heading when sent to /login. */
export interface FromState {
  from?: Pick<Location, "pathname" | "search" | "hash">;
}

export function redirectTarget(state: unknown, fallback = "/dashboard"): string {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || from.pathname === "/login" || from.pathname === "/signup") return fallback;
  return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
}

/** Re-checks the session when the path changes (the provider skips it within 10 minutes). */
function useRecheckOnNavigation() {
  const { status, checkSession } = useAuth();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the point is to run again when the path changes
  useEffect(() => {
    if (status === "authenticated") void checkSession(false);
  }, [pathname, status, checkSession]);
}

/** Login required: visitors go to /login and come back here afterwards. */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  useRecheckOnNavigation();
  if (status === "loading") return <PageSpinner label="Checking your session" />;
  if (status === "unauthenticated") {
    const state: FromState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

/** Admin required: visitors go to /login, signed-in non-admins to /dashboard (replacing history). */
export function RequireAdmin() {
  const { status, isAdmin } = useAuth();
  const location = useLocation();
  useRecheckOnNavigation();
  if (status === "loading") return <PageSpinner text={TEXTS.loading} label="Checking your session" />;
  if (status === "unauthenticated") {
    const state: FromState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  if (!isAdmin) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** Login and signup: already signed-in people go on to where they were heading (default /dashboard). */
export function GuestOnly() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === "loading") return <PageSpinner label="Checking your session" />;
  if (status === "authenticated") return <Navigate to={redirectTarget(location.state)} replace />;
  return <Outlet />;
}
