/** @nursery/domain/spotlight: Spotlight: snapshots and learning stories, the Big Picture, the Event Checker, considerations. */

export * from '../bigPicture.ts';
export * from '../considerations.ts';
export * from '../eventChecker.ts';
export * from '../schemas/bigPicture.ts';
export * from '../schemas/eventChecker.ts';
export * from '../schemas/spotlight.ts';
export * from '../spotlight.ts';
