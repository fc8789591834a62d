import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";

const contributor = { ...testUser, role: "contributor" as const };

function openUpload() {
  storeSession(contributor);
  mockFetch({ ...sessionRoutes(contributor) });
  renderApp("/upload-video");
}

const choose = (input: HTMLElement, file: File) => fireEvent.change(input, { target: { files: [file] } });

describe("contributor upload: the compare page's drop zone and preview", () => {
  it("previews the picked video and names it once", async () => {
    openUpload();
    const input = await screen.findByLabelText("Video file");
    expect(screen.getByText("Drop a video here or choose a file")).toBeTruthy();
    choose(input, new File([new Uint8Array(64)], "salsa-basics.mp4", { type: "video/mp4" }));
    expect(await screen.findByLabelText("Your routine preview")).toBeTruthy();
    expect(screen.getAllByText("salsa-basics.mp4")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Remove your routine" })).toBeTruthy();
  });

  it("previews the picked thumbnail and names it once", async () => {
    openUpload();
    choose(
      await screen.findByLabelText("Thumbnail (optional)"),
      new File([new Uint8Array(64)], "cover.png", { type: "image/png" }),
    );
    expect(await screen.findByRole("img", { name: "Thumbnail preview" })).toBeTruthy();
    expect(screen.getAllByText("cover.png")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Remove thumbnail" }));
    expect(screen.queryByText("cover.png")).toBeNull();
  });
});
