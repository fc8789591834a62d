/**
 * Uploads that trickle in: how long a connection sending one byte every 10 s stays open, and how
 * an account's extra uploads are refused, through the real server with its default limits
 * (UPLOAD_IDLE_SECONDS 30, UPLOAD_MIN_KB_PER_S 8, UPLOADS_PER_ACCOUNT 2, UPLOADS_PER_ADDRESS 6).
 *
 *   node --import tsx bench/slow-uploads.ts [--accounts 200]
 *
 * Two rounds of 2 × accounts compare uploads, each from one of 100 loopback addresses (127.0.0.2…):
 * "many accounts" (two uploads each, within every limit) and "one account" (all of them from one
 * account). Each sends its headers and the start of a multipart body, then a byte every 10 s, and
 * never finishes. Prints, per answer the server gave, how many and when their connections closed.
 */
import { connect } from "node:net";
import { parseArgs } from "node:util";
import { registerConfirmed } from "../e2e/support/accounts.ts";
import { startServer } from "../e2e/support/server.ts";

const { values } = parseArgs({ options: { accounts: { type: "string", default: "200" } } });
const accounts = Number(values.accounts);
const BOUNDARY = "trickle";
const HEAD =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="activity_type"\r\n\r\nhip_hop\r\n` +
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="user_video"; filename="take.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;

/** One trickling upload; answers the status it got ("none" without an answer) and when its connection closed. */
function trickle(port: number, token: string, address: string, t0: number) {
  return new Promise<{ status: string; closedAfterS: number }>((resolve) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress: address });
    socket.on("error", () => {});
    socket.write(
      `POST /api/videos/compare HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 100000000\r\n\r\n${HEAD}`,
    );
    const timer = setInterval(() => socket.write("a"), 10_000);
    // Past 5 minutes it counts as never closed.
    const giveUp = setTimeout(() => socket.destroy(), 300_000);
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("close", () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ status: answer.slice(9, 12) || "none", closedAfterS: (Date.now() - t0) / 1000 });
    });
  });
}

async function round(name: string, port: number, tokens: string[]) {
  const t0 = Date.now();
  const results = await Promise.all(
    Array.from({ length: 2 * accounts }, (_, i) =>
      trickle(port, tokens[i % tokens.length] as string, `127.0.0.${2 + (i % 100)}`, t0),
    ),
  );
  const by = new Map<string, number[]>();
  for (const r of results) by.set(r.status, [...(by.get(r.status) ?? []), r.closedAfterS]);
  for (const [status, times] of [...by].sort()) {
    times.sort((a, b) => a - b);
    const span = `${(times[0] ?? 0).toFixed(1)}–${(times.at(-1) ?? 0).toFixed(1)}`;
    console.log(`${name.padEnd(14)}${status.padStart(7)}${String(times.length).padStart(9)}${span.padStart(18)}`);
  }
}

const server = await startServer({ AUTH_RATE_LIMIT: "100000", LOG_LEVEL: "warn" });
try {
  const port = Number(new URL(server.baseUrl).port);
  const tokens: string[] = [];
  for (let i = 0; i < accounts; i++) {
    const body = { username: `Trickler ${i}`, email: `trickle${i}@example.com`, password: "secret123" };
    tokens.push((await registerConfirmed(server.baseUrl, body)).token);
  }
  console.log(`${2 * accounts} uploads, a byte every 10 s, from 100 addresses, default limits`);
  console.log("round          answer  uploads  closed after (s)");
  await round("many accounts", port, tokens);
  await round("one account", port, tokens.slice(0, 1));
} finally {
  await server.stop();
}
