/** @nursery/domain/settings: the settings hub and the administration behind it (issue 29). */
export * from '../roles.ts';
export * from '../schemas/roles.ts';
export * from '../schemas/settingsCatalogue.ts';
export * from '../settingsCatalogue.ts';
export * from '../settingsHub.ts';
