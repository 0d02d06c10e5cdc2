/** @nursery/domain/settings: the settings hub and the administration behind it (issue 29). */
export * from '../roles.ts';
export * from '../schemas/roles.ts';
export * from '../schemas/staffAdmin.ts';
export * from '../settingsHub.ts';
export * from '../staffAdmin.ts';
