export * from './statuses.ts';
export * from './permissions.ts';
