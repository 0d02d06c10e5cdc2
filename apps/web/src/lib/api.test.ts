import { routes } from '@nursery/domain/common';
import type { listStaff } from '@nursery/domain/registers';
import type { exportBigPicture } from '@nursery/domain/spotlight';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callRoute, postJson } from './api';
import { contentDispositionFileName, downloadRoute } from './download';

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
    const rest = await callRoute<typeof listStaff>(routes.listStaff, { query: { siteID: 9 } }).catch(
      (e: unknown) => e,
    );
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

describe('downloadRoute (a file answer)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers the bytes with the Content-Disposition name, and an ApiError for an error answer', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        new Response(new Uint8Array([80, 75, 3, 4]), {
          status: 200,
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': 'attachment; filename="Big Picture 27-11-2026.xlsx"',
          },
        }),
      )
      .mockResolvedValueOnce(json(404, { err: { code: 'err-not-found', message: 'Site not found.' } }));
    vi.stubGlobal('fetch', fetch);
    const route = routes.exportBigPicture;
    const body = {
      siteID: 1,
      frameworkID: '-29',
      eventTypes: ['snapshot'],
      dateFrom: '2026-05-27',
      overrides: [],
    };
    const file = await downloadRoute<typeof exportBigPicture>(route, { body } as never);
    expect(file.fileName).toBe('Big Picture 27-11-2026.xlsx');
    expect(file.blob.size).toBe(4);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('api/v1/big-picture/export');
    expect(init.headers['X-Requested-With']).toBe('nursery');
    const error = await downloadRoute<typeof exportBigPicture>(route, { body } as never).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('err-not-found');
  });

  it('reads plain and RFC 5987 file names', () => {
    expect(contentDispositionFileName(null)).toBeNull();
    expect(contentDispositionFileName('attachment; filename=report.xlsx')).toBe('report.xlsx');
    expect(contentDispositionFileName("attachment; filename*=UTF-8''Big%20Picture.xlsx")).toBe(
      'Big Picture.xlsx',
    );
  });
});
