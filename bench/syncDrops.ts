// The connection drops of the `sync` scenario (issue 6: "zero duplicates after 20 random connection
// drops"): a TCP proxy between the browser and the server that cuts connections at planned points of
// the traffic. A drop point is a byte offset into the traffic after `arm()` (both directions summed),
// drawn at random, so the drops fall at random moments of the sync, always while bytes flow:
// - 'request': the connection carrying the byte is reset at once (mostly in the middle of an upload);
// - 'response': the next answer the server sends is cut after its headers and half its body (a browser
//   resends a request by itself only when no headers came) — the server has done the work, the browser
//   gets a broken answer (the case a replay must not duplicate).
import net from 'node:net';

export type DropSide = 'request' | 'response';

export interface DropPoint {
  /** Byte offset into the armed traffic. */
  at: number;
  side: DropSide;
}

/** `count` drop points spread at random over [from, to) × `bytes`, in order, half of each side on average. */
export function dropPlan(
  count: number,
  bytes: number,
  random: () => number = Math.random,
  from = 0.02,
  to = 0.9,
): DropPoint[] {
  const points: DropPoint[] = [];
  for (let i = 0; i < count; i++) {
    points.push({
      at: Math.floor(bytes * (from + (to - from) * random())),
      side: random() < 0.5 ? 'request' : 'response',
    });
  }
  return points.sort((a, b) => a.at - b.at);
}

export interface DropProxy {
  port: number;
  /** Starts counting bytes (and dropping) from now. */
  arm(): void;
  /** Drops made so far, by side. */
  readonly dropped: { request: number; response: number };
  /** Bytes seen since `arm()`. */
  readonly bytes: number;
  close(): Promise<void>;
}

export function startDropProxy(targetPort: number, plan: readonly DropPoint[]): Promise<DropProxy> {
  const pending = [...plan];
  const dropped = { request: 0, response: 0 };
  let armed = false;
  let bytes = 0;
  let responseCuts = 0;
  const open = new Set<net.Socket>();

  const cut = (client: net.Socket, upstream: net.Socket) => {
    client.resetAndDestroy();
    upstream.destroy();
  };
  let resetsDue = 0;
  let responseCut = false;
  /** Counts a chunk; true when its connection must go now (a due reset, or a due response cut). */
  const shouldCut = (length: number, fromServer: boolean): boolean => {
    if (!armed) return false;
    if (fromServer && responseCuts > 0) {
      responseCuts -= 1;
      dropped.response += 1;
      responseCut = true;
      return true;
    }
    bytes += length;
    while (pending.length > 0 && pending[0]!.at <= bytes) {
      if (pending.shift()!.side === 'response') responseCuts += 1;
      else resetsDue += 1;
    }
    if (resetsDue === 0) return false;
    // One reset per chunk: two points in one chunk reset this connection and the next to carry bytes.
    resetsDue -= 1;
    dropped.request += 1;
    return true;
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('data', (chunk: Buffer) => {
      if (shouldCut(chunk.length, false)) cut(client, upstream);
      else upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!shouldCut(chunk.length, true)) client.write(chunk);
      else if (responseCut) {
        // The answer's headers and half its body, then the end: no browser resends that by itself.
        responseCut = false;
        upstream.destroy();
        client.end(chunk.subarray(0, truncatedAnswerLength(chunk)));
      } else cut(client, upstream);
    });
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      resolve({
        port: typeof addr === 'object' && addr ? addr.port : 0,
        arm() {
          armed = true;
          bytes = 0;
        },
        get dropped() {
          return { ...dropped };
        },
        get bytes() {
          return bytes;
        },
        close: () =>
          new Promise<void>((done) => {
            for (const s of open) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/**
 * How much of an answer's first chunk still goes to the browser when it is cut: its headers and half
 * of the body bytes in the chunk; nothing when the headers do not end in this chunk.
 */
export function truncatedAnswerLength(chunk: Buffer): number {
  const end = chunk.indexOf('\r\n\r\n');
  if (end < 0) return 0;
  const head = end + 4;
  return head + Math.floor((chunk.length - head) / 2);
}

/** Rows of a `group by … having count(*) > 1`-style count: how many rows are one too many. */
export function surplus(counts: readonly number[]): number {
  return counts.reduce((sum, n) => sum + Math.max(0, n - 1), 0);
}
