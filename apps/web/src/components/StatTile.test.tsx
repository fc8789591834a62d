import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { scoreTextClass } from "../lib/format";
import { StatTile } from "./StatTile";

/** Every text colour class on an element: two of them leave the colour to the stylesheet's order. */
const textColours = (el: HTMLElement) => [...el.classList].filter((c) => /^text-(white|black|[a-z]+-\d{2,3})$/.test(c));

describe("stat tile", () => {
  it.each([92, 70, 41])("shows a score of %i in its band's colour only", (score) => {
    render(<StatTile label="Best score" value={`${score}%`} valueClassName={scoreTextClass(score)} />);
    expect(textColours(screen.getByText(`${score}%`))).toEqual([scoreTextClass(score)]);
  });

  it("shows a plain figure in white", () => {
    render(<StatTile label="Sessions" value={12} />);
    expect(textColours(screen.getByText("12"))).toEqual(["text-white"]);
  });
});
