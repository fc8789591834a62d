import type { ComparisonDetail } from "@stepsync/contracts";
import { type Query, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { isApiError } from "../../api/client";
import { getComparison } from "../../api/comparisons";
import { useBalance } from "../../api/credits";
import { invalidate, keys, staleAfter } from "../../api/keys";
import type { CreditsState } from "./form-rules";

/** How often a running analysis is asked for its progress. */
export const COMPARISON_POLL_MS = 1000;

/** A 404, 400 or 401 ends the watch: the comparison is gone (or the id is no id), or so is the session. */
export function isFinalError(error: unknown): boolean {
  return isApiError(error, 404) || isApiError(error, 400) || isApiError(error, 401);
}

function pollEvery(query: Query<ComparisonDetail, Error, ComparisonDetail, readonly unknown[]>): number | false {
  if (isFinalError(query.state.error)) return false;
  const data = query.state.data;
  // Not loaded yet (a passing network failure included): keep asking.
  return !data || data.status === "processing" ? COMPARISON_POLL_MS : false;
}

/**
 * One comparison with its result (GET /api/comparisons/:id); while it is analysed, asked again about
 * once a second, in a background tab too, until it completes or fails. `null`: none. When one seen
 * running (or `startedHere`) ends, what its end changes (history, scores, a refund) is reloaded.
 */
export function useComparison(id: number | string | null, { startedHere = false } = {}) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: keys.comparisons.detail(id ?? ""),
    queryFn: ({ signal }) => getComparison(id ?? "", signal).then((r) => r.comparison),
    enabled: id !== null,
    refetchInterval: pollEvery,
    refetchIntervalInBackground: true,
  });

  const key = id === null ? null : String(id);
  const status = query.data?.status;
  const running = useRef<string | null>(null);
  useEffect(() => {
    if (key === null) return;
    if (status === "processing" || (status === undefined && startedHere)) running.current = key;
    else if (status !== undefined && running.current === key) {
      running.current = null;
      void invalidate(client, staleAfter.comparison());
    }
  }, [key, status, startedHere, client]);

  return query;
}

/**
 * The credit balance as the compare screens judge it. Asked again whenever the tab comes back into
 * view: credits bought in another tab (the Buy links open one, so a picked video or a take stays
 * here) count at once. Not `enabled`: only what the cache holds, nothing asked.
 */
export function useCredits({ enabled = true } = {}): CreditsState {
  const balance = useBalance({ enabled, refetchOnWindowFocus: "always" });
  return typeof balance.data?.credits === "number"
    ? { kind: "known", credits: balance.data.credits }
    : { kind: "unknown" };
}
