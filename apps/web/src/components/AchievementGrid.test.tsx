import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AchievementGrid } from "./AchievementGrid";

describe("achievement cards", () => {
  it("draw each card's picture with the app's icons, never the stored emoji (a box without an emoji font)", () => {
    render(
      <MemoryRouter>
        <AchievementGrid
          list={[
            { id: 1, icon: "🎯", name: "First Steps", category: "milestone", description: "Your first comparison" },
            { id: 2, icon: null, name: "Sharp", category: "performance", description: "Scored 90 or more" },
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByText("🎯")).toBeNull();
    expect(screen.queryByText("🏆")).toBeNull();
    const icons = screen.getAllByTestId("achievement-icon");
    expect(icons).toHaveLength(2);
    for (const icon of icons) expect(icon.querySelector("svg")).not.toBeNull();
    expect(screen.getByText("First Steps")).toBeTruthy();
  });
});
