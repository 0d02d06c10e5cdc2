// The session-lock module's front door (issue 30): the staff module's change of PIN checks the old PIN
// against the session's count of wrong PINs.
export { pinHashOf } from './queries.ts';
export { checkSessionPin, pinIncorrect } from './service.ts';
