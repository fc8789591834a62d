import { MESSAGES } from "@stepsync/contracts";
import { HttpError } from "../../http/errors.ts";

/**
 * Wrong passwords per account, on top of the per-client limit on the route: guessing one
 * account's password from many addresses stops after FAILURES wrong tries within WINDOW_MS. Only
 * failures count, and only the password sign-in is held: the owner can still sign in with Google
 * or reset the password. Kept in this process's memory, like the per-client limits.
 */
export const LOGIN_THROTTLE = { FAILURES: 10, WINDOW_MS: 15 * 60 * 1000 };
/** Accounts remembered at most (the oldest windows go first): the memory stays bounded under a spray of made-up addresses. */
const REMEMBERED = 50_000;

export class LoginThrottle {
  private failures = new Map<string, { count: number; since: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Refuses (429) while the account has had too many wrong passwords lately. */
  check(email: string): void {
    const entry = this.live(email.toLowerCase());
    if (entry && entry.count >= LOGIN_THROTTLE.FAILURES) throw new HttpError(429, MESSAGES.tooManyLoginFailures);
  }

  failed(email: string): void {
    const key = email.toLowerCase();
    const entry = this.live(key) ?? { count: 0, since: this.now() };
    entry.count += 1;
    this.failures.delete(key);
    this.failures.set(key, entry);
    if (this.failures.size > REMEMBERED) this.failures.delete(this.failures.keys().next().value as string);
  }

  succeeded(email: string): void {
    this.failures.delete(email.toLowerCase());
  }

  private live(key: string) {
    const entry = this.failures.get(key);
    if (entry && this.now() - entry.since > LOGIN_THROTTLE.WINDOW_MS) {
      this.failures.delete(key);
      return undefined;
    }
    return entry;
  }
}
