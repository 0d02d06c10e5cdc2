// Every REST operation documents its answer (issue 12, "contract first"): the OpenAPI document is read
// from the built app, and an operation without a 2xx response schema, a summary or tags is listed by
// "METHOD path" in the failure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './test/harness.ts';

interface Response {
  description?: string;
  content?: Record<string, { schema?: unknown }>;
}
interface Operation {
  summary?: string;
  tags?: string[];
  responses?: Record<string, Response>;
}
type Document = { paths?: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

function operations(doc: Document) {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );
}

/**
 * A 2xx answer is described when it has a schema under some content type, or is a 204 (no body by
 * definition). A route without any response schema gets @fastify/swagger's placeholder: a 200 with
 * the description "Default Response" and no content, which this refuses.
 */
function describesAnswer(op: Operation): boolean {
  return Object.entries(op.responses ?? {}).some(
    ([status, response]) =>
      /^2\d\d$/.test(status) &&
      (status === '204' || Object.values(response.content ?? {}).some((c) => c.schema !== undefined)),
  );
}

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await makeTestApp('pglite');
    doc = t.app.swagger() as Document;
  });
  afterAll(() => t.close());

  it('lists the REST operations', () => {
    const names = operations(doc).map((o) => o.name);
    expect(names.length).toBeGreaterThan(20);
    expect(names).toContain('POST /api/v1/login');
    expect(names).toContain('GET /api/v1/media/{id}');
  });

  it("refuses @fastify/swagger's placeholder for a route without a response schema", () => {
    expect(describesAnswer({ responses: { 200: { description: 'Default Response' } } })).toBe(false);
    expect(describesAnswer({ responses: { 404: { content: { 'application/json': { schema: {} } } } } })).toBe(
      false,
    );
    expect(describesAnswer({ responses: { 204: { description: 'No content' } } })).toBe(true);
  });

  it('gives every operation a 2xx response schema', () => {
    const offenders = operations(doc)
      .filter((o) => !describesAnswer(o.op))
      .map((o) => o.name);
    expect(offenders, `operations without a 2xx response schema:\n${offenders.join('\n')}`).toEqual([]);
  });

  it('gives every operation a summary and tags', () => {
    const offenders = operations(doc)
      .filter((o) => !o.op.summary?.trim() || !o.op.tags?.length)
      .map((o) => o.name);
    expect(offenders, `operations without a summary or tags:\n${offenders.join('\n')}`).toEqual([]);
  });

  it('describes the media file as binary, in the types it is served in', () => {
    const ok = doc.paths?.['/api/v1/media/{id}']?.get?.responses?.['200'];
    expect(ok?.content?.['image/webp']?.schema).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(ok?.content ?? {})).not.toContain('application/json');
  });
});
