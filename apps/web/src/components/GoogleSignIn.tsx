import { MESSAGES } from "@stepsync/contracts";
import { useEffect, useRef, useState } from "react";
import { useAppConfig } from "../api/config";
import { errorMessage } from "../api/client";
import { useAuth } from "../auth/context";
import { describeError, logger } from "../lib/logger";
import { type GoogleCredentialResponse, loadGoogleIdentity } from "../lib/google";
import { toast } from "../lib/toast";
import { Divider } from "./AuthLayout";
import { Spinner } from "./Spinner";

/**
 * "Continue with Google" for login and signup. Shown only when GET /api/config gives a client id.
 * One-tap is never prompted; the rendered button posts the credential.
 */
export function GoogleSignIn({ mode }: { mode: "login" | "register" }) {
  const { data } = useAppConfig();
  const clientId = data?.google_client_id ?? null;
  if (!clientId) return null;
  return (
    <>
      <Divider label="or" />
      <GoogleButton clientId={clientId} mode={mode} />
    </>
  );
}

function GoogleButton({ clientId, mode }: { clientId: string; mode: "login" | "register" }) {
  const { googleSignIn } = useAuth();
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [busy, setBusy] = useState(false);
  const handlerRef = useRef<(response: GoogleCredentialResponse) => void>(() => undefined);

  handlerRef.current = (response) => {
    const credential = response.credential;
    if (!credential) {
      toast.error(MESSAGES.authFailed);
      return;
    }
    setBusy(true);
    googleSignIn(credential, mode)
      .then((result) => {
        // Long enough to read: it says what happened to the account's password and its other sessions.
        if (result.passwordRemoved) toast(MESSAGES.googlePasswordRemoved, { duration: 15_000 });
        else if (result.welcomeBack) toast.success(MESSAGES.welcomeBack);
        else toast.success(mode === "login" ? MESSAGES.loginSuccessful : MESSAGES.registrationSuccessful);
      })
      .catch((error: unknown) => {
        logger.warn(`Google ${mode} failed: ${describeError(error)}`, "GoogleSignIn");
        const message = errorMessage(
          error,
          mode === "login" ? MESSAGES.googleLoginFailed : MESSAGES.googleRegistrationFailed,
        );
        toast.error(message);
      })
      .finally(() => setBusy(false));
  };

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((gis) => {
        if (cancelled || !containerRef.current) return;
        gis.initialize({
          client_id: clientId,
          callback: (response) => handlerRef.current(response),
          auto_select: false,
          cancel_on_tap_outside: true,
          context: mode === "login" ? "signin" : "signup",
          ux_mode: "popup",
        });
        const width = Math.max(200, Math.min(400, Math.floor(containerRef.current.clientWidth || 320)));
        gis.renderButton(containerRef.current, {
          type: "standard",
          theme: "filled_black",
          size: "large",
          shape: "pill",
          text: mode === "login" ? "signin_with" : "signup_with",
          logo_alignment: "center",
          width,
        });
        setState("ready");
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        logger.error(`Google sign-in unavailable: ${describeError(error)}`, "GoogleSignIn");
        setState("failed");
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, mode]);

  if (state === "failed") {
    return <p className="text-center text-xs text-slate-500">Google sign-in is unavailable right now.</p>;
  }

  return (
    <div className="space-y-4">
      <div className="relative">
        <div ref={containerRef} className="flex min-h-11 w-full justify-center [color-scheme:normal]" />
        {state === "loading" || busy ? (
          <div className="absolute inset-0 flex items-center justify-center gap-2 rounded-full bg-night-800/80 text-sm text-slate-300">
            <Spinner className="size-4" />
            {busy ? "Connecting to Google..." : "Loading Google sign-in..."}
          </div>
        ) : null}
      </div>
    </div>
  );
}
