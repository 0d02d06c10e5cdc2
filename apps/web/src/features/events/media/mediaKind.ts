// Which picked files an event's media panel takes: photos and videos, as its type allows.
export type MediaKind = 'image' | 'video';

/** The kind of a picked file from its MIME type (null: neither a photo nor a video). */
export function mediaKindOf(file: { type: string }): MediaKind | null {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  return null;
}

/** The file input's accept list for what the type allows. */
export function acceptFor(allowImage: boolean, allowVideo: boolean): string {
  return [allowImage ? 'image/*' : null, allowVideo ? 'video/*' : null].filter(Boolean).join(',');
}
