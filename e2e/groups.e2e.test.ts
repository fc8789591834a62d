import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  confirmInBrowser,
  mailedConfirmationLink,
  registerAndLogIn,
  registerConfirmed,
  signUp,
} from "./support/accounts.ts";
import { callApi } from "./support/api.ts";
import { noSideScroll, screenshot } from "./support/browser.ts";
import { stayForResult, submitComparison } from "./support/compare.ts";
import { browserSuite } from "./support/suite.ts";

/**
 * Sangeet groups in the browser: an organiser starts a group with a routine uploaded for it, names
 * its parts, two members join by the invite link (one signs up from it), both practise the routine
 * (real comparisons of real footage), the board fills in; the organiser reminds the group and gives a
 * member credits; a removed member sees nothing more; a stranger gets 404 from every group route.
 * Then 20 members seeded through the API: no group page scrolls sideways on a phone.
 * Screenshots (E2E_SCREENSHOTS) of every group page at 390 and 1440 px.
 */

const fixtures = path.resolve(import.meta.dirname, "..", "..", "shared", "fixtures", "video");
const routine = path.join(fixtures, "sample_fb_0.mp4");
const takes = [path.join(fixtures, "sample_fb_1.mp4"), path.join(fixtures, "sample_fb_2.mp4")];
const haveFixtures = existsSync(routine) && takes.every((t) => existsSync(t));
if (!haveFixtures) console.warn(`groups e2e: ${routine} is missing, skipping the footage tests`);

const suite = browserSuite();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** A date `days` from today, YYYY-MM-DD. */
function inDays(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** Screenshots of the page at both sizes (phone first), each checked for sideways scrolling. */
async function bothSizes(p: Page, name: string): Promise<void> {
  for (const size of [PHONE, DESKTOP]) {
    await p.setViewportSize(size);
    await expect.poll(() => noSideScroll(p), { message: `${name} scrolls sideways at ${size.width}` }).toBe(true);
    await screenshot(p, `${name}-${size.width}`);
  }
}

/** Takes the routine from the group's page: Practise the routine, a file as the take, the result. */
async function practise(p: Page, base: string, groupId: number, take: string): Promise<void> {
  await p.goto(`${base}/groups/${groupId}`);
  await p
    .getByRole("button", { name: "Practise the routine" })
    .first()
    .click({ timeout: 20_000 })
    .catch(async (e) => {
      await p.screenshot({ path: "/tmp/practise-fail.png", fullPage: true });
      throw e;
    });
  await p.waitForURL(`${base}/compare`);
  await expect.poll(() => p.getByTestId("library-reference").textContent()).toBe("Our sangeet routine");
  await p.getByLabel("Your performance video file").setInputFiles(take);
  await submitComparison(p);
  await stayForResult(p);
}

type Detail = { group: { id: number; invite_code: string | null }; members: Array<{ user_id: number; name: string }> };

describe("sangeet groups", () => {
  it.skipIf(!haveFixtures)(
    "organiser starts a group, two members join by link and practise, the board fills in; reminders, credits, removal, strangers",
    async () => {
      const base = suite.server.baseUrl;
      const org = await suite.page(DESKTOP);
      const orgToken = await signUp(org.page, base, { name: "Kavya Choreo", email: "kavya@example.com" });
      const o = org.page;

      // No groups yet: the empty list leads to Start your group.
      await o.goto(`${base}/groups`);
      await o.getByRole("link", { name: "Start your group" }).click();
      await o.waitForURL(`${base}/groups/new`);
      await bothSizes(o, "groups-new");
      await o.getByLabel("Group name").fill("Priya & Arjun's sangeet");
      await o.getByLabel("Event date (optional)").fill(inDays(12));
      await o.getByRole("tab", { name: "Upload for the group" }).click();
      await o.getByLabel("Routine video file").setInputFiles(routine);
      await o.getByLabel("Routine title").fill("Our sangeet routine");
      await screenshot(o, "groups-new-upload-1440");
      await o.getByRole("button", { name: "Start the group" }).click();
      await o.waitForURL(/\/groups\/\d+$/, { timeout: 30_000 });
      const groupId = Number(new URL(o.url()).pathname.split("/").pop());
      expect(await o.getByTestId("countdown").textContent()).toContain("12 days to go");

      // The routine is analysed here, then its parts are named on its moves.
      await screenshot(o, "group-analysing-1440");
      const nameParts = o.getByRole("button", { name: "Name the parts" });
      await expect.poll(() => nameParts.isVisible(), { timeout: 90_000 }).toBe(true);
      await nameParts.click();
      const editor = o.getByRole("dialog", { name: "Name the routine's parts" });
      const picks = editor.getByTestId("move-picker").getByRole("button");
      const moveCount = await picks.count();
      expect(moveCount).toBeGreaterThanOrEqual(2);
      // A part starts half-way through (move 1 always starts the first).
      await picks.nth(Math.floor(moveCount / 2)).click();
      await expect.poll(() => editor.getByTestId("part-name").count()).toBe(2);
      await editor.getByTestId("part-name").nth(0).fill("Entry");
      await editor.getByTestId("part-name").nth(1).fill("Finale");
      for (const size of [PHONE, DESKTOP]) {
        await o.setViewportSize(size);
        await screenshot(o, `group-parts-editor-${size.width}`);
      }
      await editor.getByRole("button", { name: "Save parts" }).click();
      await expect
        .poll(() => o.getByTestId("part").allTextContents())
        .toEqual([expect.stringContaining("Entry"), expect.stringContaining("Finale")]);
      const inviteLink = (await o.getByTestId("invite-link").inputValue()) ?? "";
      expect(inviteLink).toMatch(new RegExp(`^${base}/groups/join/.+`));

      // Member A opens the link signed out, signs up from it and comes back to join.
      const a = await suite.page(PHONE);
      const p1 = a.page;
      await p1.goto(inviteLink);
      await p1.getByRole("heading", { name: "You're invited to a sangeet group" }).waitFor();
      await bothSizes(p1, "group-join-signed-out");
      await p1.getByRole("link", { name: "Sign up to join" }).click();
      await p1.waitForURL(`${base}/signup`);
      await p1.getByLabel("Full Name", { exact: true }).fill("Meera Kapoor");
      await p1.getByLabel("Email Address", { exact: true }).fill("meera@example.com");
      await p1.getByLabel("Password", { exact: true }).fill("secret123");
      await p1.getByLabel("Confirm Password", { exact: true }).fill("secret123");
      await p1.locator("main form button[type=submit]").click();
      // Signed up and in: back at the invite.
      await p1.waitForURL(inviteLink);
      await expect.poll(() => p1.getByTestId("invite-name").textContent()).toBe("Priya & Arjun's sangeet");
      await bothSizes(p1, "group-join");
      await p1.setViewportSize(PHONE);
      await p1.getByRole("button", { name: "Join the group" }).click();
      await p1.waitForURL(`${base}/groups/${groupId}`);
      await confirmInBrowser(p1, await mailedConfirmationLink("meera@example.com"));

      // Member B signed up before, opens the link and joins.
      const b = await suite.page(DESKTOP);
      const p2 = b.page;
      const bToken = await signUp(p2, base, { name: "Rohan Mehta", email: "rohan@example.com" });
      await p2.goto(inviteLink);
      await p2.getByRole("button", { name: "Join the group" }).click();
      await p2.waitForURL(`${base}/groups/${groupId}`);

      // The organiser sees both members' names; members see each other's first names only.
      await o.reload();
      await expect
        .poll(() => o.getByTestId("member-name").allTextContents())
        .toEqual(expect.arrayContaining(["Meera Kapoor", "Rohan Mehta"]));
      await p2.reload();
      await expect
        .poll(() => p2.getByTestId("member-name").allTextContents())
        .toEqual(expect.arrayContaining(["Kavya", "Meera"]));

      // Both practise the routine: real comparisons of real footage against the group's routine.
      await practise(p1, base, groupId, takes[0] as string);
      await practise(p2, base, groupId, takes[1] as string);

      // The board fills in: a row per member, a score in each part, a take this week.
      await o.goto(`${base}/groups/${groupId}/board`);
      const rows = o.getByTestId("board-row");
      await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
      for (const name of ["Meera Kapoor", "Rohan Mehta"]) {
        const row = rows.filter({ hasText: name });
        await expect.poll(() => row.getByTestId("score-cell").count()).toBe(2);
        for (const cell of await row.getByTestId("score-cell").all())
          expect(await cell.getAttribute("data-band")).not.toBe("none");
        expect(await row.getByTestId("takes-this-week").textContent()).toBe("1");
      }
      await bothSizes(o, "group-board");
      // A member sees their own row only.
      await p1.goto(`${base}/groups/${groupId}/board`);
      await expect.poll(() => p1.getByTestId("board-row").count()).toBe(1);
      expect(await p1.getByTestId("board-row-name").textContent()).toContain("Meera");
      await bothSizes(p1, "group-board-member");
      await p1.goto(`${base}/groups/${groupId}`);
      await bothSizes(p1, "group-member");

      // The organiser reminds everyone: both are reminded and told so.
      await o.setViewportSize(DESKTOP);
      await o.goto(`${base}/groups/${groupId}/board`);
      await o.getByRole("button", { name: "Remind" }).click();
      const nudge = o.getByRole("dialog", { name: "Remind the group to practise" });
      await nudge.getByLabel("Everyone").check();
      await nudge.getByLabel("Your message (optional)").fill("Twelve days to go: run the finale twice!");
      await nudge.getByRole("button", { name: "Send reminder" }).click();
      await expect.poll(() => nudge.getByTestId("nudge-result").textContent()).toContain("2 members reminded");
      await screenshot(o, "group-nudge-result-1440");
      await nudge.getByRole("button", { name: "Done" }).click();

      // The organiser gives Meera 3 credits: a confirmation, then the balance after.
      const before = (await callApi<{ credits: number }>(base, "GET", "/api/credits/balance", undefined, orgToken))
        .credits;
      await o.goto(`${base}/groups/${groupId}`);
      await bothSizes(o, "group-organiser");
      await o.getByRole("button", { name: "Give Meera Kapoor credits" }).click();
      const give = o.getByRole("dialog", { name: "Give Meera Kapoor credits" });
      await give.getByLabel("Credits to give").fill("3");
      await give.getByRole("button", { name: "Next" }).click();
      await expect
        .poll(() => give.getByTestId("credits-confirm").textContent())
        .toContain("Give 3 credits to Meera Kapoor");
      await screenshot(o, "group-give-credits-1440");
      await give.getByRole("button", { name: "Give 3 credits" }).click();
      await expect
        .poll(() => give.getByTestId("credits-given").textContent())
        .toBe(`Meera Kapoor got 3 credits. Your balance is now ${before - 3} credits.`);
      await give.getByRole("button", { name: "Done" }).click();

      // The organiser removes Rohan: he sees nothing of the group any more.
      const detail = await callApi<Detail>(base, "GET", `/api/groups/${groupId}`, undefined, orgToken);
      const rohan = detail.members.find((m) => m.name.startsWith("Rohan"));
      await o.getByRole("button", { name: "Remove Rohan Mehta" }).click();
      await o.getByRole("dialog", { name: "Remove Rohan Mehta?" }).getByRole("button", { name: "Remove" }).click();
      await expect.poll(() => o.getByTestId("member-name").allTextContents()).not.toContain("Rohan Mehta");
      await p2.goto(`${base}/groups/${groupId}`);
      await expect.poll(() => p2.getByText("Group not found").isVisible()).toBe(true);
      await p2.goto(`${base}/groups/${groupId}/board`);
      await expect.poll(() => p2.getByText("Group not found").isVisible()).toBe(true);
      await p2.goto(`${base}/groups`);
      await expect.poll(() => p2.getByText("No groups yet").isVisible()).toBe(true);
      const rohanGets = await fetch(`${base}/api/groups/${groupId}`, {
        headers: { authorization: `Bearer ${bToken}` },
      });
      expect(rohanGets.status).toBe(404);
      expect(rohan).toBeDefined();

      // A stranger gets 404 from every group route, whatever it would do.
      const stranger = await registerConfirmed(base, {
        username: "Stan Ger",
        email: "stan@example.com",
        password: "secret123",
      });
      const auth = { authorization: `Bearer ${stranger.token}` };
      const routes: Array<[string, string, unknown?]> = [
        ["GET", `/api/groups/${groupId}`],
        ["PATCH", `/api/groups/${groupId}`, { name: "Mine now" }],
        ["DELETE", `/api/groups/${groupId}`],
        ["POST", `/api/groups/${groupId}/invite-link`],
        ["DELETE", `/api/groups/${groupId}/invite-link`],
        ["POST", `/api/groups/${groupId}/invitations`, { emails: ["x@example.com"] }],
        ["DELETE", `/api/groups/${groupId}/members/${rohan?.user_id}`],
        ["GET", `/api/groups/${groupId}/board`],
        ["POST", `/api/groups/${groupId}/nudges`, { to: "all" }],
        ["POST", `/api/groups/${groupId}/credits`, { user_id: stranger.user.id, credits: 1 }],
      ];
      for (const [method, url, body] of routes) {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: body === undefined ? auth : { ...auth, "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        expect(`${method} ${url} ${res.status}`).toBe(`${method} ${url} 404`);
      }
      const s = await suite.page(PHONE);
      await s.page.goto(`${base}/login`);
      await s.page.getByLabel("Email", { exact: true }).fill("stan@example.com");
      await s.page.getByLabel("Password", { exact: true }).fill("secret123");
      await s.page.locator("main form button[type=submit]").click();
      await s.page.waitForURL(`${base}/dashboard`);
      await s.page.goto(`${base}/groups/${groupId}`);
      await expect.poll(() => s.page.getByText("Group not found").isVisible()).toBe(true);
      await bothSizes(s.page, "group-not-found");

      // My groups: the organiser's card with its countdown.
      await o.goto(`${base}/groups`);
      await expect.poll(() => o.getByTestId("group-card").count()).toBe(1);
      await bothSizes(o, "groups-list");
      expect([...org.problems, ...a.problems]).toEqual([]);
      // The removed member's and the stranger's pages were answered 404, as they should be: nothing else went wrong.
      for (const w of [b, s]) expect(w.problems.filter((x) => !x.includes("status of 404"))).toEqual([]);
    },
    420_000,
  );

  it("the home page's sangeet section leads to Start your group (after logging in), and keeps the contact link", async () => {
    const base = suite.server.baseUrl;
    await registerConfirmed(base, { username: "Nisha Home", email: "nisha@example.com", password: "secret123" });
    const { page: p, problems } = await suite.page(PHONE);
    await p.goto(base);
    const section = p.locator("section", { has: p.getByRole("heading", { name: /Nail the sangeet/ }) });
    expect(await section.getByRole("link", { name: "Need help setting it up? Contact us" }).getAttribute("href")).toBe(
      "/contact",
    );
    for (const size of [PHONE, DESKTOP]) {
      await p.setViewportSize(size);
      await section.scrollIntoViewIfNeeded();
      await screenshot(section, `home-sangeet-${size.width}`);
    }
    await section.getByRole("link", { name: "Start your group" }).click();
    await p.waitForURL(`${base}/login`);
    await p.getByLabel("Email", { exact: true }).fill("nisha@example.com");
    await p.getByLabel("Password", { exact: true }).fill("secret123");
    await p.locator("main form button[type=submit]").click();
    await p.waitForURL(`${base}/groups/new`);
    // The header's Groups entry fits beside the others from 1024 px, where the full navigation shows.
    await p.reload();
    for (const width of [1024, 1280]) {
      await p.setViewportSize({ width, height: 800 });
      expect(await p.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Groups" }).isVisible()).toBe(
        true,
      );
      expect(await noSideScroll(p)).toBe(true);
      await screenshot(p.getByRole("banner"), `header-groups-${width}`);
    }
    expect(problems).toEqual([]);
  });

  it.skipIf(!haveFixtures)(
    "with 20 members (4 practising) no group page scrolls sideways on a phone; sorting keeps not-started members on top",
    async () => {
      const base = suite.server.baseUrl;
      const organiser = await registerConfirmed(base, {
        username: "Anjali Organiser",
        email: "anjali@example.com",
        password: "secret123",
      });
      const form = new FormData();
      form.set("title", "Twenty-strong finale");
      form.set("video", new Blob([await readFile(routine)], { type: "video/mp4" }), "routine.mp4");
      const uploaded = await callApi<{ video_id: number }>(
        base,
        "POST",
        "/api/groups/routine-videos",
        form,
        organiser.token,
      );
      const created = await callApi<Detail>(
        base,
        "POST",
        "/api/groups",
        {
          name: "The Sharma–Venkataraman family sangeet extravaganza",
          event_date: inDays(3),
          reference_video_id: uploaded.video_id,
        },
        organiser.token,
      );
      const code = created.group.invite_code as string;
      // Four of them practise (confirmed, so they may compare); the rest only join.
      const practising: string[] = [];
      for (let i = 1; i <= 20; i++) {
        const account = {
          username: i % 5 === 0 ? `Subramanyaswaminathan${i} Krishnamurthy` : `Member${i} Family`,
          email: `member${i}@example.com`,
          password: "secret123",
        };
        const member = i <= 4 ? await registerConfirmed(base, account) : await registerAndLogIn(base, account);
        await callApi(base, "POST", "/api/groups/join", { invite_code: code }, member.token);
        if (i <= 4) practising.push(member.token);
      }
      // Two named parts, once the routine's moves are known.
      const groupUrl = `/api/groups/${created.group.id}`;
      await expect
        .poll(
          async () =>
            (await callApi<{ routine: { pose_status: string } }>(base, "GET", groupUrl, undefined, organiser.token))
              .routine.pose_status,
          { timeout: 120_000, interval: 1000 },
        )
        .toBe("ready");
      await callApi(
        base,
        "PATCH",
        groupUrl,
        {
          parts: [
            { name: "The grand entrance with the baraat", first_move: 1, last_move: 1 },
            { name: "Finale", first_move: 2, last_move: 2 },
          ],
        },
        organiser.token,
      );
      const started: Array<[string, number]> = [];
      for (const [i, token] of practising.entries()) {
        const form = new FormData();
        form.set("activity_type", "folk");
        form.set("reference_video_id", String(uploaded.video_id));
        const take = i % 2 === 0 ? (takes[0] as string) : (takes[1] as string);
        form.set("user_video", new Blob([await readFile(take)], { type: "video/mp4" }), path.basename(take));
        const answer = await callApi<{ comparison_id: number }>(base, "POST", "/api/videos/compare", form, token);
        started.push([token, answer.comparison_id]);
      }
      for (const [token, id] of started)
        await expect
          .poll(
            async () =>
              (
                await callApi<{ comparison: { status: string } }>(
                  base,
                  "GET",
                  `/api/comparisons/${id}`,
                  undefined,
                  token,
                )
              ).comparison.status,
            { timeout: 240_000, interval: 1000 },
          )
          .toBe("completed");
      const { page: p, problems } = await suite.page(PHONE);
      await p.goto(`${base}/login`);
      await p.getByLabel("Email", { exact: true }).fill("anjali@example.com");
      await p.getByLabel("Password", { exact: true }).fill("secret123");
      await p.locator("main form button[type=submit]").click();
      await p.waitForURL(`${base}/dashboard`);

      await p.goto(`${base}/groups/${created.group.id}`);
      await expect.poll(() => p.getByTestId("member").count()).toBe(21);
      await bothSizes(p, "group-20-members");
      await p.goto(`${base}/groups/${created.group.id}/board`);
      // Every member's row; the organiser's own only once they practise.
      await expect.poll(() => p.getByTestId("board-row").count()).toBe(20);
      expect(await p.getByTestId("board-summary").textContent()).toBe(
        "20 members · 4 practising · 16 not started · 16 behind",
      );
      await bothSizes(p, "group-board-20-members");
      for (const sort of ["name", "best", "recent"]) {
        await p.setViewportSize(PHONE);
        await p.getByLabel("Sort by").selectOption(sort);
        await expect.poll(() => new URL(p.url()).searchParams.get("sort")).toBe(sort);
        await expect.poll(() => p.getByTestId("board-row").first().getAttribute("data-started")).toBe("false");
        expect(await noSideScroll(p)).toBe(true);
      }
      // The practising members come after those not started, in every order.
      const startedFlags = await p
        .getByTestId("board-row")
        .evaluateAll((rows) => rows.map((r) => (r as { dataset: { started?: string } }).dataset.started));
      expect(startedFlags.indexOf("true")).toBe(16);
      await p.goto(`${base}/groups`);
      await bothSizes(p, "groups-list-20");
      expect(problems).toEqual([]);
    },
    420_000,
  );
});
