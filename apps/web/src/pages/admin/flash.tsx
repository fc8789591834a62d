// The admin screens' messages: a success that clears itself, or what failed.
import { ADMIN_MESSAGES } from "@stepsync/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { isApiError } from "../../api/client";
import { Alert } from "../../components/Alert";

/** Success (cleared after 3 s) and error messages of a tab; 'Admin access required' sends to /login. */
export function useFlash() {
  const navigate = useNavigate();
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const ok = useCallback((text: string) => {
    setError(null);
    setSuccess(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSuccess(null), 3000);
  }, []);
  const fail = useCallback(
    (err: unknown, fallback: string) => {
      if (isApiError(err, 401) || (isApiError(err, 403) && err.message === ADMIN_MESSAGES.adminRequired)) {
        navigate("/login");
        return;
      }
      setSuccess(null);
      setError(isApiError(err) && err.status < 500 && err.message ? `${fallback}: ${err.message}` : fallback);
    },
    [navigate],
  );
  const view = (
    <>
      {error ? (
        <Alert tone="error">
          <strong>Error:</strong> {error}
        </Alert>
      ) : null}
      {success ? <Alert tone="success">{success}</Alert> : null}
    </>
  );
  return { ok, fail, view, clearError: () => setError(null) };
}

export type Flash = ReturnType<typeof useFlash>;
