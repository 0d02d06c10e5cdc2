// The staff-admin module's front door (issue 29): the CSV import (modules/imports) adds and changes
// members of staff through the page's own commands (an added member is invited like a typed one).

export { invitationOrigin } from './routes.ts';
export { createMember, getMember, updateMember } from './service.ts';
