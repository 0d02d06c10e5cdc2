import { describe, expect, it } from 'vitest';
import {
  acceptForPick,
  createLocalPreviews,
  mediaPermission,
  mediaSources,
  withUploading,
} from './attachedMedia';

describe('mediaPermission', () => {
  const none = { addMedia: false, addPhoto: false, addVideo: false };

  it('takes photos with addPhoto, videos with addVideo, either with addMedia', () => {
    const photos = mediaPermission({ ...none, addPhoto: true }, 'observation', 'Observation');
    expect([photos.allows('image'), photos.allows('video'), photos.any]).toEqual([true, false, true]);
    const videos = mediaPermission({ ...none, addVideo: true }, 'observation', 'Observation');
    expect([videos.allows('image'), videos.allows('video'), videos.any]).toEqual([false, true, true]);
    const either = mediaPermission({ ...none, addMedia: true }, 'observation', 'Observation');
    expect([either.allows('image'), either.allows('video'), either.any]).toEqual([true, true, true]);
  });

  it('takes nothing without a flag, and names the type in the refusal (Spotlight by its tag)', () => {
    const events = mediaPermission(none, 'observation', 'Observation');
    expect([events.allows('image'), events.allows('video'), events.any]).toEqual([false, false, false]);
    expect(events.notPermitted).toBe("You don't have permissions to attach media to a Observation");
    expect(mediaPermission(none, 'snapshot', 'My snapshot').notPermitted).toBe(
      "You don't have permissions to attach media to a Snapshot",
    );
  });
});

describe('acceptForPick', () => {
  it('offers photos, videos or either in the file dialog', () => {
    expect(acceptForPick('photo')).toBe('image/*');
    expect(acceptForPick('video')).toBe('video/*');
    expect(acceptForPick('any')).toBe('image/*,video/*');
  });
});

describe('withUploading', () => {
  const form = { uploading: ['a'], notes: 'kept' };

  it('lists a file once while it is busy and drops it when it ends, keeping the rest of the form', () => {
    const busy = withUploading(form, 'b', true);
    expect(busy).toEqual({ uploading: ['a', 'b'], notes: 'kept' });
    expect(withUploading(busy, 'a', false)).toEqual({ uploading: ['b'], notes: 'kept' });
  });

  it('gives the same form back when nothing changes (no re-render)', () => {
    expect(withUploading(form, 'a', true)).toBe(form);
    expect(withUploading(form, 'z', false)).toBe(form);
  });
});

describe('createLocalPreviews', () => {
  function fakeUrls() {
    let made = 0;
    const revoked: string[] = [];
    return {
      revoked,
      urls: { create: () => `blob:${++made}`, revoke: (url: string) => void revoked.push(url) },
    };
  }
  const file = new Blob(['x']);

  it('makes one URL per file and gives it back while the file is attached', () => {
    const { urls } = fakeUrls();
    const previews = createLocalPreviews(urls);
    expect(previews.add('a', file)).toBe('blob:1');
    expect(previews.add('a', file)).toBe('blob:1');
    expect(previews.add('b', file)).toBe('blob:2');
    expect(previews.get('a')).toBe('blob:1');
    expect(previews.get('unknown')).toBeUndefined();
  });

  it("revokes a removed file's URL, and every URL when the section goes", () => {
    const { urls, revoked } = fakeUrls();
    const previews = createLocalPreviews(urls);
    previews.add('a', file);
    previews.add('b', file);
    previews.add('c', file);
    previews.remove('b');
    previews.remove('b');
    expect(revoked).toEqual(['blob:2']);
    expect(previews.get('b')).toBeUndefined();
    previews.clear();
    expect(revoked).toEqual(['blob:2', 'blob:1', 'blob:3']);
    expect(previews.get('a')).toBeUndefined();
  });
});

describe('mediaSources', () => {
  it("shows a medium from the addresses the screen has (the device's copy), else the server's", () => {
    expect(mediaSources('m1', { url: 'blob:1', thumbnailUrl: 'blob:1' })).toEqual({
      thumbnail: 'blob:1',
      file: 'blob:1',
    });
    expect(mediaSources('m1', { url: undefined, thumbnailUrl: null })).toEqual({
      thumbnail: 'api/v1/media/m1?size=thumbnail',
      file: 'api/v1/media/m1',
    });
    expect(mediaSources('m2')).toEqual({
      thumbnail: 'api/v1/media/m2?size=thumbnail',
      file: 'api/v1/media/m2',
    });
  });
});
