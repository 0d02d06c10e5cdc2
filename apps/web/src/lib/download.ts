/**
 * File answers (the Big Picture xlsx) apart from lib/api.ts, so the login + Home bundle does not carry
 * them: only the lazy screens that download import this module.
 */
import type { RouteBody, RouteContract } from '@nursery/domain/common';
import { send } from './api';

/** A file the server sends (an export): its bytes and the name its Content-Disposition gives. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** The file name of `Content-Disposition: attachment; filename="..."` (or RFC 5987 filename*=). */
export function contentDispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="([^"]*)"/i.exec(header) ?? /filename=([^;]+)/i.exec(header);
  return plain?.[1]?.trim() || null;
}

/**
 * A REST route whose 2xx answer is a file (the Big Picture xlsx): the same headers, offline detection and
 * errors as callRoute, the answer as a Blob with its file name.
 */
export async function downloadRoute<C extends RouteContract>(
  route: Pick<C, 'method' | 'path'>,
  args: { body: RouteBody<C>; signal?: AbortSignal },
): Promise<DownloadedFile> {
  const response = await send(route.method, route.path.replace(/^\//, ''), {
    body: args.body,
    signal: args.signal,
    accept: '*/*',
  });
  return {
    blob: await response.blob(),
    fileName: contentDispositionFileName(response.headers.get('Content-Disposition')),
  };
}
