/**
 * Where a child's photo is served (GET api/v1/children/{childID}/photo, contract getChildPhoto in
 * @nursery/domain). The service worker keeps these images for offline use (runtime cache
 * `child-photos`); every screen builds the address here.
 */
export const childPhotoUrl = (childID: number): string => `/api/v1/children/${childID}/photo`;
