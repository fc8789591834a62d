import type { User, VideoComment } from "@stepsync/contracts";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AppProviders, createQueryClient } from "../providers";
import { libraryPage, makeComment, makeVideo } from "../test/library-fixtures";
import { type MockHandler, mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../test/utils";
import { CommentsDialog } from "./CommentsDialog";

const video = makeVideo();
const theirs = makeComment({ id: 1, user_id: 3, username: "clara", content: "Keep your shoulders down." });
const mine = makeComment({
  id: 2,
  user_id: testUser.id,
  username: testUser.username,
  content: "Loved the slow tempo.",
});

function routes(comments: VideoComment[], extra: Record<string, MockHandler> = {}, user: User = testUser) {
  return {
    ...sessionRoutes(user),
    "GET /api/reference-videos": { body: libraryPage([video]) },
    "GET /api/reference-videos/11/comments": { body: { comments } },
    ...extra,
  };
}

/** Signs in, opens /library and the card's comments; answers the dialog. */
async function openComments(user: User = testUser) {
  storeSession(user);
  renderApp("/library");
  const card = (await screen.findByRole("heading", { name: video.title, level: 3 })).closest("article") as HTMLElement;
  const button = within(card).getByRole("button", { name: "Comments" });
  expect(button.getAttribute("aria-haspopup")).toBe("dialog");
  fireEvent.click(button);
  return screen.findByRole("dialog", { name: video.title });
}

const commentsList = (dialog: HTMLElement) => within(dialog).getByRole("region", { name: "Comments" });

describe("comments dialog", () => {
  it("lists the comments oldest first with avatar, profile link, time and text, and focuses the textarea", async () => {
    const { calls } = mockFetch(routes([theirs, mine]));
    const dialog = await openComments();
    const items = await within(commentsList(dialog)).findAllByRole("listitem");
    expect(items.map((li) => li.querySelector("p")?.textContent)).toEqual([theirs.content, mine.content]);
    const first = items[0] as HTMLElement;
    expect(within(first).getByRole("link", { name: "clara" }).getAttribute("href")).toBe("/profile/3");
    expect(within(first).getByRole("img", { name: /clara/ })).toBeTruthy();
    expect(first.querySelector("time")?.getAttribute("dateTime")).toBe(theirs.created_at);
    expect(first.querySelector("time")?.textContent).not.toBe("");
    expect(calls.some((c) => c.method === "GET" && c.path === "/api/reference-videos/11/comments")).toBe(true);

    const textarea = within(dialog).getByLabelText("Add a comment");
    await waitFor(() => expect(document.activeElement).toBe(textarea));
    expect(within(dialog).getByRole("button", { name: "Post" }).hasAttribute("disabled")).toBe(true);
    expect(within(dialog).queryByRole("link", { name: "Log in to comment" })).toBeNull();
  });

  it("shows the empty state when there are no comments", async () => {
    mockFetch(routes([]));
    const dialog = await openComments();
    expect(await within(dialog).findByText("No comments yet. Be the first to share a tip.")).toBeTruthy();
  });

  it("posts a comment: sends the trimmed text, shows it at the end and clears the textarea", async () => {
    const posted = makeComment({
      id: 9,
      user_id: testUser.id,
      username: testUser.username,
      content: "Great warm-up!",
      created_at: new Date().toISOString(),
    });
    const { calls } = mockFetch(
      routes([theirs], { "POST /api/reference-videos/11/comments": { status: 201, body: { comment: posted } } }),
    );
    const dialog = await openComments();
    await within(commentsList(dialog)).findByText(theirs.content);
    const textarea = within(dialog).getByLabelText("Add a comment") as HTMLTextAreaElement;
    fireEvent.change(textarea, { target: { value: "  Great warm-up!  " } });
    const post = within(dialog).getByRole("button", { name: "Post" });
    expect(post.hasAttribute("disabled")).toBe(false);
    fireEvent.click(post);

    await waitFor(() => expect(textarea.value).toBe(""));
    const request = calls.find((c) => c.method === "POST" && c.path === "/api/reference-videos/11/comments");
    expect(request?.body).toEqual({ content: "Great warm-up!" });
    expect(request?.init?.credentials).toBe("include");
    const items = within(commentsList(dialog)).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[1]?.textContent).toContain("Great warm-up!");
    expect(items[1]?.querySelector("time")?.textContent).toMatch(/^Today at /);
    expect(document.activeElement).toBe(textarea);
  });

  it("keeps the typed text and shows the server's error when posting fails", async () => {
    mockFetch(
      routes([], {
        "POST /api/reference-videos/11/comments": { status: 400, body: { error: "Comments are closed for now" } },
      }),
    );
    const dialog = await openComments();
    const textarea = within(dialog).getByLabelText("Add a comment") as HTMLTextAreaElement;
    fireEvent.change(textarea, { target: { value: "Is this on?" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Post" }));

    expect(await within(dialog).findByText("Comments are closed for now")).toBeTruthy();
    expect(textarea.value).toBe("Is this on?");
    expect(textarea.getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog).queryAllByRole("listitem")).toHaveLength(0);
    expect(within(dialog).getByText("No comments yet. Be the first to share a tip.")).toBeTruthy();
  });

  it("says a comment is too long before sending, with the schema's limit and text", async () => {
    const { calls } = mockFetch(routes([]));
    const dialog = await openComments();
    const textarea = within(dialog).getByLabelText("Add a comment");
    fireEvent.change(textarea, { target: { value: "x".repeat(1001) } });
    expect(within(dialog).getByText("Comments can be at most 1000 characters")).toBeTruthy();
    const post = within(dialog).getByRole("button", { name: "Post" });
    expect(post.hasAttribute("disabled")).toBe(true);
    fireEvent.submit(textarea.closest("form") as HTMLFormElement);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("lets a plain user delete only their own comments", async () => {
    const { calls } = mockFetch(
      routes([theirs, mine], { "DELETE /api/comments/2": { body: { message: "Comment deleted" } } }),
    );
    const dialog = await openComments();
    const list = commentsList(dialog);
    const [first, second] = (await within(list).findAllByRole("listitem")) as [HTMLElement, HTMLElement];
    expect(within(first).queryByRole("button", { name: "Delete comment" })).toBeNull();
    fireEvent.click(within(second).getByRole("button", { name: "Delete comment" }));
    // Nothing is deleted until the in-place question is answered; Keep leaves it alone.
    fireEvent.click(within(second).getByRole("button", { name: "Keep" }));
    expect(within(second).queryByText("Delete this comment?")).toBeNull();
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(within(second).getByRole("button", { name: "Delete comment" }));
    fireEvent.click(within(second).getByRole("button", { name: "Delete" }));

    await waitFor(() => expect(within(list).queryByText(mine.content)).toBeNull());
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/comments/2")).toBe(true);
    expect(within(list).getByText(theirs.content)).toBeTruthy();
  });

  it("lets an admin delete anyone's comment", async () => {
    const admin: User = { ...testUser, id: 1, username: "root", role: "admin" };
    mockFetch(routes([theirs, mine], {}, admin));
    const dialog = await openComments(admin);
    await within(commentsList(dialog)).findByText(theirs.content);
    expect(within(dialog).getAllByRole("button", { name: "Delete comment" })).toHaveLength(2);
  });

  it("closes with the Close button", async () => {
    mockFetch(routes([]));
    const dialog = await openComments();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: video.title })).toBeNull());
  });

  it("shows visitors the comments and a Log in to comment link instead of the form", async () => {
    mockFetch(routes([theirs]));
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    render(
      <AppProviders queryClient={queryClient}>
        <MemoryRouter initialEntries={["/library"]}>
          <CommentsDialog video={video} onClose={() => {}} />
        </MemoryRouter>
      </AppProviders>,
    );
    const dialog = await screen.findByRole("dialog", { name: video.title });
    expect(await within(dialog).findByText(theirs.content)).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Log in to comment" }).getAttribute("href")).toBe("/login");
    expect(within(dialog).queryByLabelText("Add a comment")).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "Post" })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "Delete comment" })).toBeNull();
  });
});
