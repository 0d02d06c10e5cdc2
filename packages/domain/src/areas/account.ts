/** @nursery/domain/account: log-in, the session, the configuration a device receives, the profile. */
export * from '../account.ts';
export * from '../inputColours.ts';
export * from '../passwordStrength.ts';
export * from '../profileDetails.ts';
export * from '../schemas/accountAnonymous.ts';
export * from '../schemas/accountSecurity.ts';
export * from '../schemas/audit.ts';
export * from '../schemas/auth.ts';
export * from '../schemas/config.ts';
export * from '../schemas/me.ts';
export * from '../schemas/profileDetails.ts';
export * from '../schemas/sessionLock.ts';
export * from '../schemas/tokenLogin.ts';
export * from '../schemas/userSettings.ts';
export * from '../sessionHint.ts';
export * from '../sessionLock.ts';
