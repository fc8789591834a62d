import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CardThumbnail } from "./VideoCard";

/** The picture as the browser loaded it: jsdom loads none, so its size is given. */
function loaded(width: number, height: number) {
  render(<CardThumbnail src="/api/reference-videos/11/thumbnail" />);
  const img = screen.getByTestId("card-thumbnail") as HTMLImageElement;
  Object.defineProperty(img, "naturalWidth", { value: width });
  Object.defineProperty(img, "naturalHeight", { value: height });
  fireEvent.load(img);
  return img;
}

describe("a library card's thumbnail", () => {
  it("covers the card when it has the card's shape (as the server cuts them)", () => {
    const img = loaded(480, 270);
    expect(img.className).toContain("object-cover");
    expect(document.querySelectorAll("img")).toHaveLength(1);
  });

  it("shows a tall uploaded picture whole, over a blurred copy, instead of cutting off the head", () => {
    const img = loaded(720, 1280);
    expect(img.className).toContain("object-contain");
    const backdrop = [...document.querySelectorAll("img")].find((i) => i !== img);
    expect(backdrop?.className).toContain("blur-xl");
    expect(backdrop?.getAttribute("aria-hidden")).toBe("true");
  });
});
