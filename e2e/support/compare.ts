import type { Page } from "playwright-core";
import { expect } from "vitest";

/** Presses Compare Videos once the form allows it. */
export async function submitComparison(p: Page): Promise<void> {
  const submit = p.getByRole("button", { name: "Compare Videos" });
  await expect.poll(() => submit.isEnabled()).toBe(true);
  await submit.click();
}

/**
 * After submitting: chooses Stay Here in the processing dialog and waits for "Your comparison is
 * ready"; then Keep Viewing unless the test wants to look at that dialog itself.
 */
export async function stayForResult(p: Page, { keepViewing = true } = {}): Promise<void> {
  await expect
    .poll(() => p.getByRole("dialog", { name: "Video Comparison Processing" }).isVisible(), { timeout: 30_000 })
    .toBe(true);
  await p.getByRole("button", { name: "Stay Here" }).click();
  await expect
    .poll(() => p.getByRole("dialog", { name: "Your comparison is ready" }).isVisible(), { timeout: 150_000 })
    .toBe(true);
  if (keepViewing) await p.getByRole("button", { name: "Keep Viewing" }).click();
}

/** Submits the form and waits on the page for the result. */
export async function runComparison(p: Page): Promise<void> {
  await submitComparison(p);
  await stayForResult(p);
}
