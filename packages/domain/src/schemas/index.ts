export * from './auth.ts';
export * from './config.ts';
export * from './me.ts';
