// Who may see a child (and so the child's photo): staff of the child's site, as the child list
// (GraphQL GetChildren) shows a site's children to the staff who may work there.
import { type AuthContext, mayUseSite } from '../../plugins/auth.ts';

export function mayViewChild(auth: AuthContext, child: { siteId: number }): boolean {
  return auth.staffId !== null && mayUseSite(auth, child.siteId);
}
