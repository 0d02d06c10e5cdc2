/** @nursery/domain/settings: the settings hub and the administration behind it (issue 29). */

export * from '../backgroundJobs.ts';
export * from '../childRecord.ts';
export * from '../contacts.ts';
export * from '../csvImport.ts';
export * from '../roles.ts';
export * from '../schemas/backgroundJobs.ts';
export * from '../schemas/childrenAdmin.ts';
export * from '../schemas/contacts.ts';
export * from '../schemas/imports.ts';
export * from '../schemas/roles.ts';
export * from '../schemas/settingsCatalogue.ts';
export * from '../schemas/sites.ts';
export * from '../schemas/staffAdmin.ts';
export * from '../settingsCatalogue.ts';
export * from '../settingsHub.ts';
export * from '../sites.ts';
export * from '../staffAdmin.ts';
