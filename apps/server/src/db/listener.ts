import pg from "pg";

/** What a change-feed subscriber hears: each notice, and whether it can trust that it hears them all. */
export type ChannelListener = {
  notice(payload: string): void;
  /** False from the moment notices may be missed (the connection is gone) until listening again. */
  live(isLive: boolean): void;
};

const RETRY_MS = 1000;

/**
 * LISTENs on a PostgreSQL channel over a connection of its own (a pooled one would be handed to
 * other queries), and comes back by itself after an outage, saying so through `live`. Answers a
 * function that stops listening.
 */
export function listenOnPostgres(connectionString: string, channel: string, listener: ChannelListener) {
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    listener.live(false);
    client.end().catch(() => {});
    if (!stopped) retry = setTimeout(connect, RETRY_MS);
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString });
    current = client;
    // 'error' (a refused or broken connection) is followed by 'end'; both mean notices may be lost.
    client.on("error", () => lost(client));
    client.on("end", () => lost(client));
    client.on("notification", (n) => {
      if (n.channel === channel) listener.notice(n.payload ?? "");
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
      if (current === client && !stopped) listener.live(true);
    } catch {
      lost(client);
    }
  };
  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}
