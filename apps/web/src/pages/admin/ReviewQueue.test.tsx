import type { AdminVideo, OwnReferenceVideo } from "@stepsync/contracts";
import { LIBRARY_MESSAGES } from "@stepsync/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeVideo } from "../../test/library-fixtures";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";

const admin = { ...testUser, id: 1, username: "root", role: "admin" as const };
const page = (n: number) => ({ page: 1, limit: 100, total: n, pages: 1, has_more: false });

function own(overrides: Partial<OwnReferenceVideo>): OwnReferenceVideo {
  return {
    ...makeVideo(),
    status: "pending",
    review_reason: null,
    pose_status: "ready",
    pose_error: null,
    pending_edit: null,
    edit_review_reason: null,
    ...overrides,
  };
}

const upload = own({
  id: 21,
  title: "Salsa basics",
  file_path: "/api/reference-videos/21/file",
  thumbnail_path: "/api/reference-videos/21/thumbnail",
});
const edit = own({
  id: 22,
  title: "Waltz box step",
  status: "approved",
  pending_edit: { title: "Waltz box step (slow)" },
});
const rejectedRow: AdminVideo = {
  id: 23,
  title: "Shaky hip hop",
  category: "hip_hop",
  difficulty: "beginner",
  thumbnail_path: null,
  contributor_username: "clara",
  views: 0,
  likes: 0,
  usage_count: 0,
  is_featured: false,
  status: "rejected",
  pose_status: "ready",
  pose_error: null,
  created_at: "2025-02-01T10:00:00.000Z",
};

function openQueue() {
  storeSession(admin);
  return mockFetch({
    ...sessionRoutes(admin),
    "GET /api/admin/reference-videos": { body: { videos: [upload, edit], pagination: page(2) } },
    "GET /api/admin/videos": { body: { videos: [rejectedRow], pagination: page(1) } },
    "PUT /api/admin/reference-videos/21/review": { body: { video: { ...upload, status: "rejected" } } },
  });
}

const item = (title: string) => screen.findByRole("listitem", { name: `Review ${title}` });

describe("admin review queue", () => {
  it("shows each video's thumbnail and plays it in a preview player on request", async () => {
    openQueue();
    renderApp("/admin/content");
    const row = await item("Salsa basics");
    expect(row.querySelector("img")?.getAttribute("src")).toBe("/api/reference-videos/21/thumbnail");
    // No video is loaded until asked for.
    expect(row.querySelector("video")).toBeNull();
    fireEvent.click(within(row).getByRole("button", { name: "Play preview of Salsa basics" }));
    const player = within(row).getByLabelText("Preview of Salsa basics");
    expect(player.tagName).toBe("VIDEO");
    expect(player.getAttribute("src")).toBe("/api/reference-videos/21/file");
    expect(player.hasAttribute("controls")).toBe(true);
  });

  it("needs a reason to reject, and sends it", async () => {
    const { calls } = openQueue();
    renderApp("/admin/content");
    const row = await item("Salsa basics");
    fireEvent.click(within(row).getByRole("button", { name: "Reject" }));
    fireEvent.click(within(row).getByRole("button", { name: "Reject video" }));
    expect(await within(row).findByText(LIBRARY_MESSAGES.rejectReasonRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);

    fireEvent.change(within(row).getByLabelText("Why is this video rejected?"), {
      target: { value: "The dancer is out of frame" },
    });
    expect(within(row).queryByText(LIBRARY_MESSAGES.rejectReasonRequired)).toBeNull();
    fireEvent.click(within(row).getByRole("button", { name: "Reject video" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.path).toBe("/api/admin/reference-videos/21/review");
    expect(put?.body).toEqual({ status: "rejected", reason: "The dancer is out of frame" });
    expect(await screen.findByText("Video rejected successfully")).toBeTruthy();
  });

  it("shows an edit of a live video with what it changes, decided as changes", async () => {
    openQueue();
    renderApp("/admin/content");
    const row = await item("Waltz box step");
    expect(within(row).getByText("Edit of a live video")).toBeTruthy();
    const changes = within(row).getByRole("definition");
    expect(changes.textContent).toContain("Waltz box step");
    expect(changes.textContent).toContain("Waltz box step (slow)");
    expect(within(row).getByRole("button", { name: "Approve changes" })).toBeTruthy();
    expect(within(row).getByRole("button", { name: "Reject changes" })).toBeTruthy();
  });

  it("cannot feature a video that is not approved", async () => {
    openQueue();
    renderApp("/admin/content");
    const cell = await screen.findByRole("cell", { name: "Shaky hip hop" });
    const row = cell.closest("tr") as HTMLElement;
    const button = within(row).getByRole("button", { name: "Feature" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe(LIBRARY_MESSAGES.cannotFeatureUnapproved);
  });
});
