import { useEffect } from "react";
import { Navigate, Outlet, useLocation, type Location } from "react-router";
import { useAuth } from "../auth/context";
import { TEXTS } from "../constants/texts";
import { PageSpinner } from "./Spinner";

/** Where a visitor was heading when sent to /login (and what that page was handed, e.g. Practice's video). */
export interface FromState {
  from?: Pick<Location, "pathname" | "search" | "hash"> & { state?: unknown };
}

/** The FromState that brings the visitor back to `location` after signing in. */
export function fromLocation(location: Location): FromState {
  const { pathname, search, hash, state } = location;
  return { from: { pathname, search, hash, ...(state == null ? {} : { state }) } };
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
  if (status === "unauthenticated") return <Navigate to="/login" replace state={fromLocation(location)} />;
  return <Outlet />;
}

/**
 * Open to visitors and signed-in users alike (the library and public profiles, in the route map in
 * routes.tsx): waits for the session check, so the page knows whether its like and follow buttons act or go to /login.
 */
export function SessionKnown() {
  const { status } = useAuth();
  useRecheckOnNavigation();
  if (status === "loading") return <PageSpinner label="Checking your session" />;
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
  if (status === "authenticated") {
    // The page they were heading to gets back what it was handed (Practice's chosen video).
    const handed = (location.state as FromState | null)?.from?.state;
    return <Navigate to={redirectTarget(location.state)} replace state={handed} />;
  }
  return <Outlet />;
}
