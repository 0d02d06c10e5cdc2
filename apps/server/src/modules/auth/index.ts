// The auth module's front door (issue 28): what other modules may use. Imports from another module go
// through this file only (dependency-cruiser rule modules-through-index).
export { hashPassword, hashSecret, sha512Hex, verifyPassword } from './passwords.ts';
export { loginLock, loginWindowStart } from './policy.ts';
export { findAccountByEmail, recentFailures, recordFailure } from './queries.ts';
export { getDummyHash, openSession } from './service.ts';
export { clearSessionCookies, setSessionCookies } from './session-cookies.ts';
export { UnknownEmailFailures } from './unknown-failures.ts';
