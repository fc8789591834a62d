import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "@stepsync/contracts";
import { startTestApp, type TestApp } from "../../test/app.ts";

/**
 * A page on another origin the browser counts as the same site (another port of the host, a sibling
 * subdomain) can make a signed-in victim's browser post a plain form with the session cookie:
 * SameSite=Lax lets it through. Such a cookie signs nothing in.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ publicUrl: "https://stepsync.example" });
});
afterAll(() => t.close());

const OWN = "https://stepsync.example";
const SIBLING = "https://blog.stepsync.example";

async function followers(id: number): Promise<number> {
  const res = await t.call("GET", `/api/users/${id}/followers`);
  return (res.json() as { followers: unknown[] }).followers.length;
}

describe("state changes carried by the session cookie from another origin", () => {
  it("a form post from another port or a sibling subdomain gets 401 and follows no one; from our own pages it works", async () => {
    const victim = await t.signUp();
    const target = await t.signUp();
    const cookie = `session_id=${victim.token}`;
    const url = `/api/users/${target.user.id}/follow`;
    const forged: Array<[string, Record<string, string>]> = [
      ["another port (text/plain form)", { origin: "http://127.0.0.1:9999", "content-type": "text/plain" }],
      ["a sibling subdomain", { origin: SIBLING }],
      ["a sandboxed frame (Origin: null)", { origin: "null" }],
      ["no Origin, a foreign Referer", { referer: `${SIBLING}/post.html` }],
      ["no Origin or Referer, Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
    ];
    for (const [what, headers] of forged) {
      const res = await t.call("POST", url, { headers: { cookie, ...headers } });
      expect(res.statusCode, what).toBe(401);
      expect(res.json(), what).toEqual({ error: MESSAGES.authRequired });
    }
    expect(await followers(target.user.id)).toBe(0);

    // Our own page (PUBLIC_URL) with the cookie follows.
    const own = await t.call("POST", url, { headers: { cookie, origin: OWN } });
    expect(own.statusCode).toBe(200);
    expect(await followers(target.user.id)).toBe(1);
  });

  it("a multipart post that would spend a credit is refused the same way, and the balance stays", async () => {
    const victim = await t.signUp();
    const cookie = `session_id=${victim.token}`;
    const before = (await t.call("GET", "/api/credits/balance", { token: victim.token })).json().credits;
    const res = await t.call("POST", "/api/videos/compare", {
      body: '--x\r\nContent-Disposition: form-data; name="activity_type"\r\n\r\nhip_hop\r\n--x--\r\n',
      headers: { cookie, origin: "http://127.0.0.1:9999", "content-type": "multipart/form-data; boundary=x" },
    });
    expect(res.statusCode).toBe(401);
    expect((await t.call("GET", "/api/credits/balance", { token: victim.token })).json().credits).toBe(before);
  });

  it("logout from another origin is refused (401): the session lives on and its cookie is not cleared", async () => {
    const victim = await t.signUp();
    const cookie = `session_id=${victim.token}`;
    const res = await t.call("POST", "/api/auth/logout", { headers: { cookie, origin: SIBLING } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.authRequired });
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect((await t.call("GET", "/api/auth/session", { headers: { cookie } })).statusCode).toBe(200);

    // From our own page it signs out.
    const own = await t.call("POST", "/api/auth/logout", { headers: { cookie, origin: OWN } });
    expect(own.statusCode).toBe(200);
    expect((await t.call("GET", "/api/auth/session", { headers: { cookie } })).statusCode).toBe(401);
  });

  it("the token in a header works from anywhere (a page cannot set it), and reads keep the cookie", async () => {
    const victim = await t.signUp();
    const target = await t.signUp();
    const viaHeader = await t.call("POST", `/api/users/${target.user.id}/follow`, {
      token: victim.token,
      headers: { origin: SIBLING },
    });
    expect(viaHeader.statusCode).toBe(200);
    // A video element or image on another page still loads what the cookie may read.
    const read = await t.call("GET", "/api/auth/session", {
      headers: { cookie: `session_id=${victim.token}`, origin: SIBLING },
    });
    expect(read.statusCode).toBe(200);
    // A script or curl sending the cookie with no browser headers at all is not a forgery.
    const scripted = await t.call("POST", `/api/users/${target.user.id}/unfollow`, {
      headers: { cookie: `session_id=${victim.token}` },
    });
    expect(scripted.statusCode).toBe(200);
  });
});
