// The requests module's front door (issue 32): the background job that deletes an approved erasure's
// media files after its commit (modules/jobs) calls the erasure's own file removal.
export { removeErasedFiles } from './erasure.ts';
