/**
 * Where a child's photo is served (GET api/v1/children/{childID}/photo, contract getChildPhoto in
 * @nursery/domain), from the site's root as it always was (the app is served from `/`): one string for
 * the same photo on every screen, in the preparation and in the worker's cache. The service worker keeps these
 * images for offline use (runtime cache `child-photos`); every screen, and the offline preparation
 * that warms that cache, builds the address here.
 */
import type { getChildPhoto } from '@nursery/domain/children';
import { routes } from '@nursery/domain/common';
import { routeUrl } from '../../lib/api';

export const childPhotoUrl = (childID: number): string =>
  `/${routeUrl<typeof getChildPhoto>(routes.getChildPhoto, { params: { childID } })}`;
