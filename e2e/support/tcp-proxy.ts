import { createServer, type Server, type Socket, connect } from "node:net";

/**
 * A loopback TCP relay in front of a real server (PostgreSQL here), so a test can take that server
 * away from one process the way an outage does — open connections reset, new ones refused — and
 * bring it back on the same port, without stopping the database other tests share.
 */
export interface TcpProxy {
  port: number;
  /** Resets every relayed connection and refuses new ones. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let server: Server;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        open.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          open.delete(client);
          open.delete(upstream);
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
        client.pipe(upstream).pipe(client);
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        const address = server.address();
        if (typeof address === "object" && address) resolve(address.port);
        else reject(new Error("proxy: no port"));
      });
    });
  const shut = () =>
    new Promise<void>((resolve) => {
      for (const socket of open) socket.resetAndDestroy();
      open.clear();
      server.close(() => resolve());
    });
  const port = await listen(0);
  return {
    port,
    cut: shut,
    async restore() {
      await listen(port);
    },
    close: shut,
  };
}
