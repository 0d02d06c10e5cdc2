/**
 * Where a child's photo is served (GET api/v1/children/{childID}/photo, contract getChildPhoto in
 * @nursery/domain), relative like every request of the built app. The service worker keeps these
 * images for offline use (runtime cache `child-photos`); every screen, and the offline preparation
 * that warms that cache, builds the address here.
 */
import { type getChildPhoto, routes } from '@nursery/domain';
import { routeUrl } from '../../lib/api';

export const childPhotoUrl = (childID: number): string =>
  routeUrl<typeof getChildPhoto>(routes.getChildPhoto, { params: { childID } });
