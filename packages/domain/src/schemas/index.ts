export * from './auth.ts';
export * from './config.ts';
export * from './eventSave.ts';
export * from './eventSearch.ts';
export * from './frameworks.ts';
export * from './me.ts';
export * from './primitives.ts';
export * from './sync.ts';
