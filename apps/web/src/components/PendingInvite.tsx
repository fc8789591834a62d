import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { useAuth } from "../auth/context";
import { STORAGE_KEYS, storage } from "../lib/storage";

/** Remembers an invite opened while signed out, so signing up (or in) comes back to join it. */
export function rememberInvite(code: string | null): void {
  storage.setRaw(STORAGE_KEYS.pendingInvite, code);
}

/**
 * Once someone is signed in, an invite they opened while signed out brings them back to its join
 * page (sign-up goes through e-mail and the login page, which would otherwise lose it); once.
 */
export function PendingInvite() {
  const { status } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    // Confirming an address first: the link's page stays.
    if (status !== "authenticated" || pathname === "/verify-email") return;
    const code = storage.getRaw(STORAGE_KEYS.pendingInvite);
    if (!code) return;
    rememberInvite(null);
    const target = `/groups/join/${encodeURIComponent(code)}`;
    if (pathname !== target) navigate(target, { replace: true });
  }, [status, pathname, navigate]);
  return null;
}
