/**
 * Cache-Control of every personal image or video the API serves: children's photos, event media and
 * their renditions, signature images (issue 26). `no-store`: no copy in the browser's HTTP cache, so
 * nothing is left on a shared tablet after logout. The offline floor screens keep children's photos
 * in the service worker's Cache Storage instead, which the web app deletes at logout.
 */
export const PERSONAL_IMAGE_CACHE_CONTROL = 'private, no-store';
