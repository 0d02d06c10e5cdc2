// #/spotlight/{eventID or add}/big-picture: the lazy route's module.
export { BigPictureBegin as Component } from './SpotlightBeginPage';
