/** @nursery/domain/offline: the device offline: what stays refused, the sync calls. */
export * from '../offline.ts';
export * from '../schemas/sync.ts';
