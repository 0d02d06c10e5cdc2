// Who sees a thread and who may write in it (issue 31). A thread is visible to staff who may see its
// child (children's one rule, mayViewChild) and may work at the thread's site; to anyone else it does
// not exist (404). Writing (starting one, replying) needs sendMessages too.
import type { AuthContext } from '../../plugins/auth.ts';
import { mayUseSite } from '../../plugins/auth.ts';
import { mayViewChild } from '../children/index.ts';

export function mayViewThread(auth: AuthContext, thread: { siteId: number; childSiteId: number }): boolean {
  return mayViewChild(auth, { siteId: thread.childSiteId }) && mayUseSite(auth, thread.siteId);
}

export const mayWriteInThread = (auth: AuthContext): boolean => auth.permissions.sendMessages === true;
