// A TCP proxy in front of PocketBase that cuts connections: the request reaches the server
// (which processes it), then the client's socket is destroyed as the first bytes of the
// answer arrive, so the client sees a dropped connection for a write the server stored.
import { createServer, type Server, type Socket, connect } from 'node:net';

export interface CuttingProxy {
  /** The same URL, through the proxy. */
  via(url: string): string;
  close(): Promise<void>;
}

export async function startCuttingProxy(target: { host: string; port: number }): Promise<CuttingProxy> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    const upstream = connect(target.port, target.host);
    sockets.add(upstream);
    client.pipe(upstream);
    upstream.once('data', () => {
      // the answer is on its way: cut the connection in the middle of it
      client.destroy();
      upstream.destroy();
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    via(url) {
      const u = new URL(url);
      u.host = `127.0.0.1:${port}`;
      return u.href;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
