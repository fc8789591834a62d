import { describe, expect, it } from "vitest";
import { formatCredits, formatHandle, formatMinutes, formatWhen } from "./format";

describe("formatWhen", () => {
  const now = new Date(2025, 2, 10, 12, 0); // 10 March 2025, noon, local time
  const at = (day: number, hour: number, minute = 0) => new Date(2025, 2, day, hour, minute).toISOString();
  const time = (iso: string) => new Intl.DateTimeFormat(undefined, { timeStyle: "short" }).format(new Date(iso));

  it("says Today at / Yesterday at with the time, by the viewer's calendar day", () => {
    expect(formatWhen(at(10, 0, 5), now)).toBe(`Today at ${time(at(10, 0, 5))}`);
    expect(formatWhen(at(10, 11, 59), now)).toBe(`Today at ${time(at(10, 11, 59))}`);
    expect(formatWhen(at(9, 23, 30), now)).toBe(`Yesterday at ${time(at(9, 23, 30))}`);
    expect(formatWhen(at(9, 0, 1), now)).toBe(`Yesterday at ${time(at(9, 0, 1))}`);
  });

  it("gives a short date with the time before that, and nothing for bad input", () => {
    const older = at(8, 18, 45);
    const text = formatWhen(older, now);
    expect(text).not.toMatch(/Today|Yesterday/);
    expect(text).toContain(time(older));
    expect(text).toMatch(/2025/);
    expect(formatWhen("not a date", now)).toBe("");
    expect(formatWhen(null, now)).toBe("");
  });
});

describe("formatHandle", () => {
  it("turns a full-name username into one lower-case word", () => {
    expect(formatHandle("Meera Nair")).toBe("@meera_nair");
    expect(formatHandle("  José  de la Cruz ")).toBe("@josé_de_la_cruz");
    expect(formatHandle("ana.b-2")).toBe("@ana_b_2");
    expect(formatHandle("प्रिया शर्मा")).toBe("@प्रिया_शर्मा");
    expect(formatHandle("!!!")).toBe("@user");
  });
});

describe("limits in words", () => {
  it("says seconds as minutes and a number of credits", () => {
    expect(formatMinutes(300)).toBe("5 minutes");
    expect(formatMinutes(60)).toBe("1 minute");
    expect(formatMinutes(270)).toBe("4.5 minutes");
    expect(formatCredits(1)).toBe("1 credit");
    expect(formatCredits(3)).toBe("3 credits");
  });
});
