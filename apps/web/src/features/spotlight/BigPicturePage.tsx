// #/spotlight/{eventID or add}/big-picture: the lazy route's module (spec 001 §2 "Big Picture"). The
// screen's module adds its strings (and the tab strip's) to i18next: a module that only re-exports has
// no body the bundler keeps (package.json sideEffects).
export { BigPictureScreen as Component } from './bigPicture/BigPictureScreen';
