import type { Page } from "playwright-core";
import { expect } from "vitest";

/** Presses Compare Videos once the form allows it. */
export async function submitComparison(p: Page): Promise<void> {
  const submit = p.getByRole("button", { name: "Compare Videos" });
  await expect.poll(() => submit.isEnabled()).toBe(true);
  await submit.click();
}

/**
 * After submitting: the address becomes the comparison's (/compare?id=N) and the processing dialog
 * shows; chooses Stay Here and waits for the result to show on the page, with no dialog over it.
 */
export async function stayForResult(p: Page): Promise<void> {
  const dialog = p.getByRole("dialog", { name: "Video Comparison Processing" });
  await expect.poll(() => dialog.isVisible(), { timeout: 30_000 }).toBe(true);
  expect(new URL(p.url()).searchParams.get("id")).toMatch(/^\d+$/);
  // A dance-along take's quick result (its live poses checked out) closes the dialog by itself.
  await p
    .getByRole("button", { name: "Stay Here" })
    .click({ timeout: 10_000 })
    .catch(async (err: unknown) => {
      if (await dialog.isVisible()) throw err;
    });
  // The server's own result: shown, and no quick result left in its place.
  await expect
    .poll(
      async () =>
        (await p.getByTestId("comparison-result").isVisible()) && (await p.getByTestId("quick-result").count()) === 0,
      { timeout: 150_000 },
    )
    .toBe(true);
  expect(await p.getByRole("dialog").count()).toBe(0);
}

/** Submits the form and waits on the page for the result. */
export async function runComparison(p: Page): Promise<void> {
  await submitComparison(p);
  await stayForResult(p);
}
