/**
 * The network between the browser and the server, for the engine smoke: a plain HTTP proxy the smoke
 * can cut (every connection is reset, as on a tablet that walked out of Wi-Fi) and mend, counting the
 * uploads (POST api/v1/media, POST api/v2/events) that reach the server. WebDriver has no offline
 * switch in WebKitGTK or Firefox, so the browser is sent through this instead.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface CuttableProxy {
  url: string;
  cut(): void;
  mend(): void;
  /** POSTs that reached the server, by path (e.g. '/api/v1/media'). */
  posts: Map<string, number>;
  close(): Promise<void>;
}

export async function startProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
  let cut = false;
  const posts = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    if (cut) {
      req.socket.destroy();
      return;
    }
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method === 'POST') posts.set(path, (posts.get(path) ?? 0) + 1);
    const upstream = http.request(
      { host: target.host, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    if (cut) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    posts,
    cut() {
      cut = true;
      for (const s of sockets) s.destroy();
    },
    mend() {
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
