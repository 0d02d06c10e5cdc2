import type { getChildPhoto } from '@nursery/domain/children';
import { routes } from '@nursery/domain/common';
import type { getMediaFile, uploadMediaFile } from '@nursery/domain/events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, onUnauthorized, routeUrl, uploadWithProgress } from './api';
import { isOffline } from './connectivity';

/** An XMLHttpRequest that answers as the test says (node has none). */
class FakeXhr {
  static last: FakeXhr;
  static answer: { status: number; body: string; contentType?: string } | 'network-error' | 'never' = 'never';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  responseType = '';
  status = 0;
  statusText = '';
  responseText = '';
  sent: unknown;
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  onloadend?: () => void;
  private contentType: string | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return name === 'Content-Type' ? this.contentType : null;
  }
  send(body: unknown) {
    this.sent = body;
    const answer = FakeXhr.answer;
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      if (answer === 'never') return;
      if (answer === 'network-error') this.onerror?.();
      else {
        this.status = answer.status;
        this.responseText = answer.body;
        this.contentType = answer.contentType ?? 'application/json';
        this.onload?.();
      }
      this.onloadend?.();
    });
  }
  abort() {
    this.onabort?.();
    this.onloadend?.();
  }
}

const upload = (options: { signal?: AbortSignal } = {}) => {
  const progress: number[] = [];
  const form = new FormData();
  form.append('id', 'm1');
  const answer = uploadWithProgress<typeof uploadMediaFile>(routes.uploadMediaFile, form, {
    onProgress: (f) => progress.push(f),
    ...options,
  });
  return { answer, progress, form };
};

describe('uploadWithProgress (the media upload through the one client)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the form to the route with the CSRF header, reports progress and answers the JSON', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = { status: 201, body: JSON.stringify([{ id: 'm1' }]) };
    const { answer, progress, form } = upload();
    expect(await answer).toEqual([{ id: 'm1' }]);
    expect(FakeXhr.last).toMatchObject({ method: 'POST', url: 'api/v1/media', sent: form });
    expect(FakeXhr.last.headers['X-Requested-With']).toBe('nursery');
    expect(progress).toEqual([0.5, 1]);
  });

  it('throws the server’s error as an ApiError, and tells the session’s listeners about a 401', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = {
      status: 413,
      body: JSON.stringify({ err: { code: 'err-too-large', message: 'Too big' } }),
    };
    expect(await upload().answer.catch((e: unknown) => e)).toMatchObject({
      status: 413,
      code: 'err-too-large',
      message: 'Too big',
    });
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    FakeXhr.answer = {
      status: 401,
      body: JSON.stringify({ err: { code: 'err-not-logged-in', message: 'x' } }),
    };
    expect(await upload().answer.catch((e: unknown) => e)).toBeInstanceOf(ApiError);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('marks the app offline on a network failure or a gateway page, and cancels on abort', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = 'network-error';
    expect(await upload().answer.catch((e: unknown) => e)).toBeInstanceOf(NetworkError);
    expect(isOffline()).toBe(true);
    FakeXhr.answer = { status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' };
    expect(await upload().answer.catch((e: unknown) => e)).toBeInstanceOf(NetworkError);
    FakeXhr.answer = 'never';
    const controller = new AbortController();
    const { answer } = upload({ signal: controller.signal });
    controller.abort();
    expect(await answer.catch((e: unknown) => e)).toMatchObject({ name: 'AbortError' });
  });
});

describe('routeUrl (an address for an image or a link)', () => {
  it('fills the path and the query from the route table, relative like every request', () => {
    expect(routeUrl<typeof getChildPhoto>(routes.getChildPhoto, { params: { childID: 42 } })).toBe(
      'api/v1/children/42/photo',
    );
    expect(
      routeUrl<typeof getMediaFile>(routes.getMediaFile, {
        params: { id: 'a b' },
        query: { size: 'thumbnail' },
      }),
    ).toBe('api/v1/media/a%20b?size=thumbnail');
  });
});
