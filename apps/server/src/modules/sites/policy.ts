// Who may manage sites and rooms (issue 29): the settings hub's Sites card, behind settingsSites.
// Without it: 403 on every call. A site outside the user's sites (another provider's included) is 404.
import type { SiteID } from '@nursery/domain/common';
import { type AuthContext, assertSite, requirePermission } from '../../plugins/auth.ts';

export const requireSiteAdmin = requirePermission('settingsSites');

/** The site of a path: one of the user's sites, otherwise 404. */
export const siteOfPath = (auth: AuthContext, siteId: number): SiteID => assertSite(auth, siteId);

/** Whoever reaches the page may edit every site they can see. */
export const siteActions = () => ({ edit: true });
