import type { listStaff } from '@nursery/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callRoute, postJson } from './api';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('api errors', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the err- code of a REST answer and of a GraphQL answer alike', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(json(404, { err: { code: 'err-not-found', message: 'Site not found.' } }))
        .mockResolvedValueOnce(
          json(400, {
            data: null,
            errors: [
              { message: 'The query is too complex.', extensions: { code: 'err-graphql-too-complex' } },
            ],
          }),
        ),
    );
    const rest = await callRoute<typeof listStaff>(
      { method: 'GET', path: '/api/v1/staff' },
      { query: { siteID: 9 } },
    ).catch((e: unknown) => e);
    expect(rest).toBeInstanceOf(ApiError);
    expect(rest).toMatchObject({ status: 404, code: 'err-not-found', message: 'Site not found.' });
    const gql = await postJson('/graphql', { query: '{ x }' }).catch((e: unknown) => e);
    expect(gql).toMatchObject({
      status: 400,
      code: 'err-graphql-too-complex',
      message: 'The query is too complex.',
    });
  });
});
