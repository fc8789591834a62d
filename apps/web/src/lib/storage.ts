import type { User } from "@stepsync/contracts";

/**
 * Local storage keys. No session token: the server's HttpOnly `session_id` cookie carries the session,
 * out of reach of any script on the page. `user` only says who was signed in, to show them at once.
 */
export const STORAGE_KEYS = {
  user: "user",
  logs: "clientLogs",
  /** A group invite code opened while signed out: joining picks it up once they have signed in. */
  pendingInvite: "pendingGroupInvite",
} as const;

/** Where earlier versions kept copies of the session token; removed wherever found. */
const LEGACY_TOKEN_KEYS = ["token", "sessionId"] as const;

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled (private mode): the app keeps working in memory.
  }
}

export const storage = {
  getUser(): User | null {
    const raw = safeGet(STORAGE_KEYS.user);
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (parsed && typeof parsed === "object" && "id" in parsed && "username" in parsed) return parsed as User;
      return null;
    } catch {
      return null;
    }
  },
  setUser(user: User): void {
    safeSet(STORAGE_KEYS.user, JSON.stringify(user));
  },
  clearAuth(): void {
    safeSet(STORAGE_KEYS.user, null);
    storage.dropLegacyTokens();
  },
  /** Removes token copies an earlier version left readable to scripts. */
  dropLegacyTokens(): void {
    for (const key of LEGACY_TOKEN_KEYS) safeSet(key, null);
  },
  getRaw: safeGet,
  setRaw: safeSet,
};
