import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { libraryPage, makeComment, makeVideo } from "../../test/library-fixtures";
import { type MockHandler, mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";
import { parseVideoId } from "./SharedVideo";

const gridVideo = makeVideo({ id: 11, title: "Port de bras basics" });
const shared = makeVideo({
  id: 42,
  title: "Salsa shines",
  category: "latin",
  contributor_id: 5,
  contributor_name: "leo",
});

function routes(extra: Record<string, MockHandler> = {}): Record<string, MockHandler> {
  return {
    ...sessionRoutes(testUser),
    "GET /api/reference-videos": { body: libraryPage([gridVideo]) },
    "GET /api/reference-videos/42": { body: { video: shared } },
    ...extra,
  };
}

const sharedSection = () => screen.findByRole("region", { name: "Shared with you" });
const grid = () => screen.findByRole("list", { name: "Videos" });

describe("library shared-link spotlight (?video=ID)", () => {
  it("shows the shared video's card above the grid, with its actions, and Show all videos drops the parameter", async () => {
    storeSession();
    const { calls } = mockFetch(
      routes({ "POST /api/reference-videos/42/like": { body: { is_liked: true, likes_count: 4 } } }),
    );
    renderApp("/library?video=42&category=latin");
    const section = await sharedSection();
    const card = await within(section).findByRole("article");
    expect(within(card).getByRole("heading", { name: "Salsa shines" })).toBeTruthy();
    for (const name of ["Practice", "Like", "Comments", "Share", "Follow", "Add friend"])
      expect(within(card).getByRole("button", { name })).toBeTruthy();
    // The library itself still loads below.
    expect(await within(await grid()).findByRole("heading", { name: "Port de bras basics" })).toBeTruthy();
    expect(section.compareDocumentPosition(await grid()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // The card's actions work on the spotlight copy too.
    fireEvent.click(within(card).getByRole("button", { name: "Like" }));
    expect(await within(card).findByRole("button", { name: "Unlike" })).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((c) => c.method === "POST" && c.path === "/api/reference-videos/42/like")).toBe(true),
    );

    fireEvent.click(within(section).getByRole("button", { name: "Show all videos" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Shared with you" })).toBeNull());
    expect(screen.getByTestId("location").textContent).toBe("/library?category=latin");
    expect(calls.filter((c) => c.path === "/api/reference-videos/42")).toHaveLength(1);
  });

  it("shows the server's error in place of the card when the video is missing, and the library still works", async () => {
    storeSession();
    mockFetch(routes({ "GET /api/reference-videos/42": { status: 404, body: { error: "Video not found" } } }));
    renderApp("/library?video=42");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Video not found");
    expect(screen.queryByRole("region", { name: "Shared with you" })).toBeNull();
    expect(await within(await grid()).findByRole("heading", { name: "Port de bras basics" })).toBeTruthy();

    fireEvent.click(within(alert).getByRole("button", { name: "Show all videos" }));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(screen.getByTestId("location").textContent).toBe("/library");
  });

  it("does not ask the server about an id that is not a number", async () => {
    storeSession();
    const { calls } = mockFetch(routes());
    renderApp("/library?video=abc");
    expect((await screen.findByRole("alert")).textContent).toContain("Video not found");
    await grid();
    expect(calls.some((c) => c.path.startsWith("/api/reference-videos/"))).toBe(false);
  });

  it("shows no spotlight without the parameter", async () => {
    storeSession();
    mockFetch(routes());
    renderApp("/library");
    await grid();
    expect(screen.queryByRole("region", { name: "Shared with you" })).toBeNull();
  });
});

describe("parseVideoId", () => {
  it("accepts positive whole numbers only", () => {
    expect(parseVideoId("42")).toBe(42);
    for (const raw of ["", "0", "-1", "4.2", "abc", "42abc", "1e3"]) expect(parseVideoId(raw)).toBeNull();
  });
});

describe("library card comment count", () => {
  it("follows the comments posted and deleted in the card's dialog", async () => {
    storeSession();
    const withTwo = makeVideo({ id: 11, title: "Port de bras basics", comments_count: 2 });
    const mine = makeComment({
      id: 9,
      video_id: 11,
      user_id: testUser.id,
      username: testUser.username,
      content: "Mine",
    });
    mockFetch(
      routes({
        "GET /api/reference-videos": { body: libraryPage([withTwo]) },
        "GET /api/reference-videos/11/comments": { body: { comments: [makeComment({ id: 8, video_id: 11 }), mine] } },
        "POST /api/reference-videos/11/comments": {
          status: 201,
          body: { comment: { ...mine, id: 10, content: "Another tip" } },
        },
        "DELETE /api/comments/9": { body: { message: "Comment deleted" } },
      }),
    );
    renderApp("/library");
    const card = await within(await grid()).findByRole("article");
    expect(within(card).getByTitle("2 comments")).toBeTruthy();

    fireEvent.click(within(card).getByRole("button", { name: "Comments" }));
    const dialog = await screen.findByRole("dialog", { name: "Port de bras basics" });
    fireEvent.change(await within(dialog).findByLabelText("Add a comment"), { target: { value: "Another tip" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Post" }));
    expect(await within(dialog).findByText("Another tip")).toBeTruthy();
    await waitFor(() => expect(within(card).getByTitle("3 comments")).toBeTruthy());

    const own = within(dialog).getByText("Mine").closest("li") as HTMLElement;
    fireEvent.click(within(own).getByRole("button", { name: "Delete comment" }));
    fireEvent.click(within(own).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(within(dialog).queryByText("Mine")).toBeNull());
    await waitFor(() => expect(within(card).getByTitle("2 comments")).toBeTruthy());
  });
});

describe("library on a phone: videos first, labelled actions", () => {
  it("folds the four selects behind a Filters button that says how many are set", async () => {
    storeSession();
    mockFetch(routes());
    renderApp("/library?category=latin");
    await grid();
    const toggle = screen.getByRole("button", { name: /^Filters/ });
    // One filter set by the link (the style): the button says so while the selects are folded away.
    expect(toggle.textContent).toBe("Filters1");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    const panel = screen.getByTestId("library-filters");
    expect(panel.className.split(" ")).toContain("hidden");
    expect(within(panel).getByLabelText("Style")).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(panel.className.split(" ")).not.toContain("hidden");
  });

  it("names every card action in words, visibly, not only for screen readers", async () => {
    storeSession();
    mockFetch(routes());
    renderApp("/library");
    const card = within(await grid()).getByRole("article");
    for (const name of ["Practice", "Like", "Comments", "Share", "Follow", "Add friend"])
      expect(within(card).getByRole("button", { name }).textContent).toBe(name);
  });
});
