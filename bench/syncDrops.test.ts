import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { dropPlan, startDropProxy, surplus, truncatedAnswerLength } from './syncDrops.ts';

/** A fixed sequence of "random" numbers, cycled. */
const seq = (...xs: number[]) => {
  let i = 0;
  return () => xs[i++ % xs.length]!;
};

describe('drop plan', () => {
  it('spreads the points over the given share of the bytes, in order, with both sides', () => {
    const plan = dropPlan(4, 1000, seq(0.9, 0.1, 0.0, 0.7, 0.5, 0.2, 0.99, 0.6));
    expect(plan).toHaveLength(4);
    expect(plan.map((p) => p.at)).toEqual([...plan.map((p) => p.at)].sort((a, b) => a - b));
    for (const p of plan) expect(p.at >= 20 && p.at < 900).toBe(true);
    expect(plan.map((p) => p.side).sort()).toEqual(['request', 'request', 'response', 'response']);
  });
});

describe('surplus and truncated answers', () => {
  it('counts the rows one too many', () => {
    expect(surplus([])).toBe(0);
    expect(surplus([1, 1, 1])).toBe(0);
    expect(surplus([1, 3, 2])).toBe(3);
  });
  it('keeps the headers and half the body of the first chunk', () => {
    const chunk = Buffer.from('HTTP/1.1 201 Created\r\ncontent-length: 10\r\n\r\n0123456789');
    expect(chunk.subarray(0, truncatedAnswerLength(chunk)).toString()).toBe(
      'HTTP/1.1 201 Created\r\ncontent-length: 10\r\n\r\n01234',
    );
    expect(truncatedAnswerLength(Buffer.from('HTTP/1.1 201 Created\r\ncontent-'))).toBe(0);
  });
});

/** A server that answers every chunk it receives with "ok:<length>". */
async function answering(): Promise<net.Server> {
  const server = net.createServer((s) =>
    s.on('data', (d) => s.write(`HTTP/1.1 200 OK\r\n\r\nok:${d.length}`)),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return server;
}

/** Sends `data` through a fresh connection and resolves with what came back and whether it broke. */
function exchange(port: number, data: string): Promise<{ got: string; broken: boolean }> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    let got = '';
    let broken = false;
    s.on('data', (d) => {
      got += d.toString();
      if (got.endsWith(`ok:${data.length}`)) s.end();
    });
    s.on('error', () => {
      broken = true;
    });
    s.on('close', () => resolve({ got, broken: broken || !got.endsWith(`ok:${data.length}`) }));
    s.write(data);
  });
}

describe('drop proxy', () => {
  it('passes traffic before arm() and drops at the planned bytes afterwards, once each', async () => {
    const target = await answering();
    const port = (target.address() as net.AddressInfo).port;
    const proxy = await startDropProxy(port, [
      { at: 150, side: 'request' },
      { at: 320, side: 'response' },
    ]);
    try {
      expect(await exchange(proxy.port, 'x'.repeat(200))).toEqual({
        got: 'HTTP/1.1 200 OK\r\n\r\nok:200',
        broken: false,
      });
      proxy.arm();
      // 200 bytes pass the first point: that connection is reset.
      expect((await exchange(proxy.port, 'x'.repeat(200))).broken).toBe(true);
      // 200 more pass the second: the answer to them is cut after its headers.
      const cut = await exchange(proxy.port, 'x'.repeat(200));
      expect(cut).toEqual({ got: 'HTTP/1.1 200 OK\r\n\r\nok:', broken: true });
      expect(await exchange(proxy.port, 'y'.repeat(50))).toEqual({
        got: 'HTTP/1.1 200 OK\r\n\r\nok:50',
        broken: false,
      });
      expect(proxy.dropped).toEqual({ request: 1, response: 1 });
    } finally {
      await proxy.close();
      await new Promise((r) => target.close(r));
    }
  });
});
