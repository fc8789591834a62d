import type { Profile, PublicProfile } from "@stepsync/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type MockHandler, mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../test/utils";

/** Social links: edited on the own profile (validated https links), shown as links on both profiles. */

const profile: Profile = {
  ...testUser,
  role: "contributor",
  credits: 10,
  stats: { overall: { total_comparisons: 0, best_score: null, overall_average: null } },
  verified: true,
  social_links: { instagram: "https://instagram.com/maya" },
};

function ownRoutes(extra: Record<string, MockHandler> = {}): Record<string, MockHandler> {
  return {
    ...sessionRoutes(testUser),
    "GET /api/profile": { body: { profile } },
    "GET /api/comparisons": { body: { comparisons: [], pagination: { page: 1, limit: 5, total: 0, has_more: false } } },
    "GET /api/dashboard/stats": { body: { activityStats: {}, credits: 10 } },
    ...extra,
  };
}

async function openEditor() {
  storeSession();
  renderApp("/profile");
  fireEvent.click(await screen.findByRole("button", { name: "Edit Profile" }));
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("own profile: social links", () => {
  it("shows the Verified mark and the saved links in the header, and the links in the form", async () => {
    mockFetch(ownRoutes());
    storeSession();
    renderApp("/profile");
    const header = await screen.findByRole("region", { name: "Profile" });
    expect(within(header).getByText("Verified")).toBeTruthy();
    const link = within(header).getByRole("link", { name: "Instagram" });
    expect(link.getAttribute("href")).toBe("https://instagram.com/maya");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");

    fireEvent.click(screen.getByRole("button", { name: "Edit Profile" }));
    expect(field("Instagram").value).toBe("https://instagram.com/maya");
    for (const label of ["YouTube", "TikTok", "Website"]) expect(field(label).value).toBe("");
  });

  it("explains a link that is not https or not on its site, on leaving the field and on Save, and sends nothing", async () => {
    const { calls } = mockFetch(ownRoutes());
    await openEditor();
    fireEvent.change(field("Website"), { target: { value: "http://maya.example" } });
    fireEvent.blur(field("Website"));
    expect(await screen.findByText("Website link must be a full address starting with https://")).toBeTruthy();
    fireEvent.change(field("YouTube"), { target: { value: "https://vimeo.com/1" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("YouTube link must be on youtube.com or youtu.be")).toBeTruthy();
    expect(screen.getByText("Website link must be a full address starting with https://")).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    // Typing again clears that field's message.
    fireEvent.change(field("YouTube"), { target: { value: "https://youtube.com/@maya" } });
    expect(screen.queryByText("YouTube link must be on youtube.com or youtu.be")).toBeNull();
  });

  it("saves the links (a cleared one removed) and shows the new ones", async () => {
    const { calls } = mockFetch(
      ownRoutes({
        "PUT /api/profile": () => ({
          body: {
            profile: { ...profile, social_links: { tiktok: "https://www.tiktok.com/@maya" } },
            message: "Profile updated successfully!",
          },
        }),
      }),
    );
    await openEditor();
    fireEvent.change(field("Instagram"), { target: { value: "" } });
    fireEvent.change(field("TikTok"), { target: { value: "https://www.tiktok.com/@maya" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Profile updated successfully!")).toBeTruthy();
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.body).toMatchObject({
      social_links: { instagram: "", youtube: "", tiktok: "https://www.tiktok.com/@maya", website: "" },
    });
    const header = screen.getByRole("region", { name: "Profile" });
    expect(within(header).getByRole("link", { name: "TikTok" }).getAttribute("href")).toBe(
      "https://www.tiktok.com/@maya",
    );
    expect(within(header).queryByRole("link", { name: "Instagram" })).toBeNull();
  });
});

const publicProfile: PublicProfile = {
  id: 3,
  username: "clara",
  full_name: "Clara Lopez",
  bio: "Ballet teacher.",
  profile_image: null,
  role: "contributor",
  verified: true,
  social_links: {
    youtube: "https://youtube.com/@clara",
    website: "https://clara.example",
    // Stored before the rules, or by hand: never shown as a link.
    instagram: "javascript:alert(1)",
  },
  videos_count: 0,
  total_views: 0,
  followers_count: 4,
  following_count: 1,
  is_following: false,
  is_own: false,
  friend_status: "none",
  friend_request_id: null,
  recent_videos: [],
};

describe("public profile as a visitor", () => {
  it("shows the profile with its Verified mark and safe links; Follow goes to /login and back after signing in", async () => {
    const auth = {
      token: "tok-9",
      session_id: "tok-9",
      user: testUser,
      session: { expires_at: new Date(Date.now() + 86400_000).toISOString() },
    };
    const { calls } = mockFetch({
      ...sessionRoutes(null),
      "GET /api/auth/session": (init) =>
        ((init?.headers ?? {}) as Record<string, string>).Authorization === "Bearer tok-9"
          ? { body: { user: testUser, session: auth.session } }
          : { status: 401, body: { error: "Authentication required" } },
      "POST /api/auth/login": { body: auth },
      "GET /api/users/3/profile": { body: { profile: publicProfile } },
    });
    renderApp("/profile/3");
    // The name once (the full name), the username as the handle under it.
    expect(await screen.findByRole("heading", { name: /Clara Lopez/, level: 1 })).toBeTruthy();
    expect(screen.getByText("@clara")).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/profile/3");
    expect(screen.getByText("Verified")).toBeTruthy();
    const links = screen.getByRole("list", { name: "Social links" });
    const names = within(links)
      .getAllByRole("link")
      .map((a) => [a.textContent?.trim(), a.getAttribute("href"), a.getAttribute("rel"), a.getAttribute("target")]);
    expect(names).toEqual([
      ["YouTube", "https://youtube.com/@clara", "noopener noreferrer", "_blank"],
      ["Website", "https://clara.example", "noopener noreferrer", "_blank"],
    ]);

    fireEvent.click(screen.getByRole("button", { name: "Follow" }));
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(screen.getByTestId("location").textContent).toBe("/login");
    expect(calls.some((c) => c.path === "/api/users/3/follow")).toBe(false);

    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "maya@example.com" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret1" } });
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/profile/3"));
    expect(await screen.findByRole("heading", { name: /Clara Lopez/, level: 1 })).toBeTruthy();
  });
});
