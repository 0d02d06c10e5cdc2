// GET/PUT api/v1/favourite-frameworks: the 'favouriteFrameworks' store of spec 001 §7, per user
// (user_favourite_frameworks). Every user has their own list, so the session is the only guard; the
// frameworks must be the provider's (another provider's id answers 404, as every foreign id does).
import type { FavouriteFrameworks } from '@nursery/domain/frameworks';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { frameworks, userFavouriteFrameworks } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';

export async function readFavouriteFrameworks(db: Db, auth: AuthContext): Promise<FavouriteFrameworks> {
  const rows = await db
    .select({ id: userFavouriteFrameworks.frameworkId })
    .from(userFavouriteFrameworks)
    .where(
      and(
        eq(userFavouriteFrameworks.providerId, auth.providerId),
        eq(userFavouriteFrameworks.userId, auth.userId),
      ),
    )
    .orderBy(asc(userFavouriteFrameworks.sortOrder), asc(userFavouriteFrameworks.frameworkId));
  return { frameworkIDs: rows.map((r) => r.id) };
}

/** Replaces the list in one transaction (duplicates keep their first place). */
export async function saveFavouriteFrameworks(
  db: Db,
  auth: AuthContext,
  body: FavouriteFrameworks,
): Promise<FavouriteFrameworks> {
  const ids = [...new Set(body.frameworkIDs)];
  return db.transaction(async (tx) => {
    if (ids.length) {
      const known = await tx
        .select({ id: frameworks.id })
        .from(frameworks)
        .where(and(eq(frameworks.providerId, auth.providerId), inArray(frameworks.id, ids)));
      if (known.length !== ids.length) throw new AppError(404, 'err-not-found', 'Framework not found.');
    }
    const mine = and(
      eq(userFavouriteFrameworks.providerId, auth.providerId),
      eq(userFavouriteFrameworks.userId, auth.userId),
    );
    await tx.delete(userFavouriteFrameworks).where(mine);
    if (ids.length)
      await tx.insert(userFavouriteFrameworks).values(
        ids.map((frameworkId, sortOrder) => ({
          providerId: auth.providerId,
          userId: auth.userId,
          frameworkId,
          sortOrder,
        })),
      );
    return { frameworkIDs: ids };
  });
}
