// The meals a meal event picks from at a site (spec 000 §7): the site must be one of the user's
// and the provider's (404 otherwise); the user's current site when none is given.
import type { MealsAnswer } from '@nursery/domain/children';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type AuthContext, mayUseSite } from '../../plugins/auth.ts';
import { mealsAnswer } from './presenter.ts';
import { mealRows, siteExists } from './queries.ts';

export async function mealsAt(db: Db, auth: AuthContext, siteID: number | undefined): Promise<MealsAnswer> {
  const siteId = siteID ?? auth.siteId;
  if (siteId === null) throw new AppError(400, 'err-invalid-request', 'siteID: choose a site first.');
  if (!mayUseSite(auth, siteId) || !(await siteExists(db, auth.providerId, siteId))) {
    throw notFound('Site not found.');
  }
  return mealsAnswer(await mealRows(db, auth.providerId, siteId));
}
