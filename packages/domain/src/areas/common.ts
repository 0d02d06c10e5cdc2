/** @nursery/domain/common: shared by every area: the route contract, ids, dates, the person fields answers share, limits, messages, text, statuses, permissions, versions. */
export * from '../contract.ts';
export * from '../dates.ts';
export * from '../ids.ts';
export * from '../limits.ts';
export * from '../messages.ts';
export * from '../permissions.ts';
export * from '../routes.ts';
export * from '../rules.ts';
export * from '../schemaConfig.ts';
export * from '../schemas/health.ts';
export * from '../schemas/personFields.ts';
export * from '../schemas/primitives.ts';
export * from '../sha512.ts';
export * from '../statuses.ts';
export * from '../text.ts';
export * from '../version.ts';
