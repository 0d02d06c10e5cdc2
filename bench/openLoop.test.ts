// Issue 32: the open-loop generator keeps its clock whatever the server does, and the scenarios' rules
// (the 7:3 mix, when a saturation step has passed, the soak's RSS growth) say what the issue says.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueAt, errorShare, runOpenLoop } from './openLoop.ts';
import {
  OPEN_LOOP_MIX,
  planOrder,
  rssGrowth,
  saturationRates,
  stepPasses,
} from './scenarios/openLoopLoad.ts';

const WRITES = new Set(['save', 'sync']);

describe('the open-loop mix', () => {
  it('is 7 reads to 3 writes, and every member of staff takes every slot once in ten rounds', () => {
    expect(OPEN_LOOP_MIX.filter((k) => WRITES.has(k))).toHaveLength(3);
    const order = planOrder(20);
    expect(order).toHaveLength(200);
    expect(order.filter((o) => WRITES.has(o.kind))).toHaveLength(60);
    const kindsOfFirst = order.filter((o) => o.staff === 0).map((o) => o.kind);
    expect([...kindsOfFirst].sort()).toEqual([...OPEN_LOOP_MIX].sort());
    // A staff count that is a multiple of ten still mixes kinds within a round.
    expect(
      new Set(
        planOrder(10)
          .slice(0, 10)
          .map((o) => o.kind),
      ).size,
    ).toBe(new Set(OPEN_LOOP_MIX).size);
  });
});

describe('saturation and soak rules', () => {
  it('a step passes while p95 ≤ 1 s and errors ≤ 1 %', () => {
    expect(stepPasses({ p95: 1000, due: 100, failed: 1, dropped: 0 })).toBe(true);
    expect(stepPasses({ p95: 1001, due: 100, failed: 0, dropped: 0 })).toBe(false);
    expect(stepPasses({ p95: 10, due: 100, failed: 1, dropped: 1 })).toBe(false);
    expect(errorShare({ due: 0, failed: 0, dropped: 0 })).toBe(0);
  });

  it('rates rise by 1.4× up to the ceiling', () => {
    expect(saturationRates(50, 200)).toEqual([50, 70, 98, 137, 192]);
  });

  it('RSS growth compares the medians of the first minute after the warm-up and of the last minute', () => {
    // 300 s sampled every 5 s: a sawtooth (the collector) that does not grow, then one that does.
    const sawtooth = (at: number, base: number) => base + (at % 20 === 0 ? 40 : 0);
    const samples = (grow: number) =>
      Array.from({ length: 61 }, (_, i) => ({
        atSeconds: i * 5,
        mib: sawtooth(i * 5, 200 + (i * 5 > 240 ? grow : 0)),
      }));
    const flat = rssGrowth(samples(0), 60);
    expect(flat).toEqual({ afterWarmUp: 200, end: 200, growthPct: 0 });
    expect(rssGrowth(samples(30), 60).growthPct).toBeCloseTo(15);
    // A single peak at the end is not growth.
    const peak = samples(0);
    peak[60]!.mib = 400;
    expect(rssGrowth(peak, 60).growthPct).toBe(0);
  });
});

describe('runOpenLoop', () => {
  let server: http.Server;
  let baseUrl: string;
  const seen: string[] = [];
  beforeAll(async () => {
    // Answers slowly (100 ms) and refuses /fail: a closed loop would slow down, an open loop does not.
    server = http.createServer((req, res) => {
      seen.push(req.url ?? '');
      setTimeout(() => {
        res.writeHead(req.url === '/fail' ? 500 : 200, { 'server-timing': 'app;dur=1.5' });
        res.end('{}');
      }, 100);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends on the clock whatever the answers take, and counts failures and drops', async () => {
    expect(dueAt(10, 100)).toBe(100);
    seen.length = 0;
    const r = await runOpenLoop({
      baseUrls: [baseUrl],
      plan: [
        { kind: 'ok', method: 'GET', path: '/a', headers: {} },
        { kind: 'ok', method: 'GET', path: '/b', headers: {} },
        { kind: 'bad', method: 'GET', path: '/fail', headers: {} },
      ],
      rate: 60,
      durationSeconds: 1,
      maxInFlight: 100,
    });
    // 60 due in one second although each answer takes 100 ms (a single closed-loop client: 10).
    expect(r.due).toBe(60);
    expect(r.ok).toBe(40);
    expect(r.failed).toBe(20);
    expect(r.dropped).toBe(0);
    expect(r.byKind.bad).toMatchObject({ sent: 20, failed: 20 });
    expect(r.p50).toBeGreaterThanOrEqual(100);
    expect(r.serverP95).toBe(1.5);
    expect(seen.slice(0, 3)).toEqual(['/a', '/b', '/fail']);
  });

  it('drops what is due while the in-flight bound is reached', async () => {
    const r = await runOpenLoop({
      baseUrls: [baseUrl],
      plan: [{ kind: 'ok', method: 'GET', path: '/a', headers: {} }],
      rate: 100,
      durationSeconds: 0.5,
      maxInFlight: 2,
    });
    expect(r.due).toBe(50);
    expect(r.dropped).toBeGreaterThan(0);
    expect(r.ok + r.dropped).toBe(50);
    expect(errorShare(r)).toBeGreaterThan(0.01);
  });

  it('gives each save a fresh uuid and spreads requests over the instances in turn', async () => {
    const bodies: string[] = [];
    const ports: number[] = [];
    const servers = await Promise.all(
      [0, 1].map(async () => {
        const s = http.createServer((req, res) => {
          let body = '';
          req.on('data', (c) => {
            body += c;
          });
          req.on('end', () => {
            bodies.push(body);
            ports.push((s.address() as AddressInfo).port);
            res.end('{}');
          });
        });
        await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
        return s;
      }),
    );
    try {
      const urls = servers.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`);
      const r = await runOpenLoop({
        baseUrls: urls,
        plan: [
          {
            kind: 'save',
            method: 'POST',
            path: '/s',
            headers: {},
            body: '{"uuid":"x","n":1}',
            uuidField: 'uuid',
          },
        ],
        rate: 40,
        durationSeconds: 0.5,
        maxInFlight: 50,
      });
      expect(r.ok).toBe(20);
      const uuids = bodies.map((b) => JSON.parse(b).uuid);
      expect(new Set(uuids).size).toBe(20);
      expect(uuids).not.toContain('x');
      expect(ports.filter((p) => p === ports[0]).length).toBe(10);
    } finally {
      for (const s of servers) s.close();
    }
  });
});
