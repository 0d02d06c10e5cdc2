// #/spotlight/{eventID or add}/event-checker: the lazy route's module.
export { EventCheckerBegin as Component } from './SpotlightBeginPage';
