import { describe, expect, it } from "vitest";
import { formatRupees, paiseOf, rupeesOf } from "./money.ts";

describe("money", () => {
  it("writes paise as rupees the one way server and web both say them", () => {
    expect(formatRupees(39900)).toBe("₹399");
    expect(formatRupees(169900)).toBe("₹1,699");
    expect(formatRupees(12340)).toBe("₹123.40");
    expect(formatRupees(10000000)).toBe("₹1,00,000");
  });

  it("keeps two decimals where asked (a price per credit, the admin's figures)", () => {
    expect(formatRupees(990, { fixedPaise: true })).toBe("₹9.90");
    expect(formatRupees(9900, { fixedPaise: true })).toBe("₹99.00");
    expect(formatRupees(79900 / 120, { fixedPaise: true })).toBe("₹6.66");
  });

  it("turns the answers' rupees into paise and back", () => {
    expect(paiseOf(19.99)).toBe(1999);
    expect(paiseOf(399)).toBe(39900);
    expect(rupeesOf(1999)).toBe(19.99);
  });
});
