// The conversations module's front door (issue 31): what other modules (and the demo) may use.
export { addParentReply } from './service.ts';
