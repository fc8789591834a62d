import type { User } from "@stepsync/contracts";

/** Local storage keys (part 1 §3). */
export const STORAGE_KEYS = {
  token: "token",
  user: "user",
  sessionId: "sessionId",
  logs: "clientLogs",
} as const;

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
  getToken: () => safeGet(STORAGE_KEYS.token),
  getSessionId: () => safeGet(STORAGE_KEYS.sessionId),
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
  setAuth(token: string | null, sessionId: string | null, user: User | null): void {
    if (token !== null) safeSet(STORAGE_KEYS.token, token);
    if (sessionId !== null) safeSet(STORAGE_KEYS.sessionId, sessionId);
    if (user !== null) safeSet(STORAGE_KEYS.user, JSON.stringify(user));
  },
  setUser(user: User): void {
    safeSet(STORAGE_KEYS.user, JSON.stringify(user));
  },
  clearAuth(): void {
    safeSet(STORAGE_KEYS.token, null);
    safeSet(STORAGE_KEYS.sessionId, null);
    safeSet(STORAGE_KEYS.user, null);
  },
  getRaw: safeGet,
  setRaw: safeSet,
};
