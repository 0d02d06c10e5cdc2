// The contact commands (issue 29): list, read, add, change, archive and restore, and the audited read of
// the collection password. Writes run in one transaction with their audit entry; audit details name the
// fields that changed, never their values (personal data) nor the collection password.
import {
  archiveBlockedBy,
  CONTACTS_PAGE_SIZE,
  type ContactDetail,
  type ContactDetailsValues,
  type ContactList,
  contactSearchTerm,
} from '@nursery/domain/settings';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { childContacts, contacts, people } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { audit } from '../../lib/audit.ts';
import { cursorCodec, cursorId, keysetPage } from '../../lib/cursor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { presentContact, presentContactListItem } from './presenter.ts';
import {
  type ContactPosition,
  childrenOfContacts,
  collectionPasswordOf,
  contactLinkRows,
  findContactRow,
  listContactRows,
  lockChildren,
  type Scope,
} from './queries.ts';

export const scopeOf = (auth: AuthContext): Scope => ({ providerId: auth.providerId, siteIds: auth.siteIds });

/** The contact of this id at the user's sites (in scope), or 404: another site's or provider's is not found. */
export async function visibleContact(db: Db, scope: Scope, contactId: number) {
  const row = await findContactRow(db, scope, contactId);
  if (!row) throw notFound('Contact not found.');
  return row;
}

/** An archived contact is read only: restore it first (`toDo`: what the user tried, "link it"). */
export const contactArchived = (toDo: string) =>
  new AppError(409, 'err-contact-archived', `This contact is archived: restore it to ${toDo}.`);

/** The list's position (lib/cursor.ts): the tuple [surname, forename, contact id]. */
const listCursor = cursorCodec(
  z.tuple([z.string().max(50), z.string().max(50), cursorId]),
  (p: ContactPosition) => [p.surname, p.forename, p.id],
  ([surname, forename, id]) => ({ surname, forename, id }),
);

export async function listContacts(
  db: Db,
  auth: AuthContext,
  query: { q?: string | undefined; archived?: 'true' | 'false' | undefined; cursor?: string | undefined },
): Promise<ContactList> {
  const scope = scopeOf(auth);
  const rows = await listContactRows(db, scope, {
    term: contactSearchTerm(query.q),
    includeArchived: query.archived === 'true',
    after: query.cursor ? listCursor.decode(query.cursor) : null,
    limit: CONTACTS_PAGE_SIZE,
  });
  const { page, next } = keysetPage(rows, CONTACTS_PAGE_SIZE, listCursor.encode);
  const children = await childrenOfContacts(
    db,
    scope,
    page.map((r) => r.id),
  );
  return {
    contacts: page.map((r) => presentContactListItem(r, children.get(r.id) ?? [])),
    nextCursor: next,
    permittedActions: { add: Boolean(auth.permissions.addContact) },
  };
}

/** The contact as the page shows it (within a transaction when `db` is one). */
export async function readContact(
  db: Db,
  auth: AuthContext,
  contactId: number,
  now: Date,
): Promise<ContactDetail> {
  const scope = scopeOf(auth);
  const row = await visibleContact(db, scope, contactId);
  return presentContact(row, await contactLinkRows(db, scope, contactId, now), auth.permissions);
}

/** The people row's columns of a contact as the page saves it (the import's bulk path writes the same). */
export const personValues = (v: ContactDetailsValues) => ({
  title: v.title ?? null,
  forename: v.forename,
  surname: v.surname,
  email: v.email ?? null,
  telmob: v.telmob ?? null,
  telhome: v.telhome ?? null,
  telwork: v.telwork ?? null,
  address1: v.address1 ?? null,
  address2: v.address2 ?? null,
  address3: v.address3 ?? null,
  address4: v.address4 ?? null,
  address5: v.address5 ?? null,
  postCode: v.postCode ?? null,
});

export async function createContact(deps: AppDeps, auth: AuthContext, input: ContactDetailsValues) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [person] = await tx
      .insert(people)
      .values({ providerId: auth.providerId, ...personValues(input) })
      .returning({ id: people.id });
    const [contact] = await tx
      .insert(contacts)
      .values({
        providerId: auth.providerId,
        personId: person!.id,
        type: input.type ?? null,
        collectionPassword: input.collectionPassword ?? null,
      })
      .returning({ id: contacts.id });
    await audit(tx, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: 'contact-created',
      entity: 'contact',
      entityId: contact!.id,
      details: { collectionPassword: input.collectionPassword ? 'set' : 'none' },
      at: now,
    });
    return readContact(tx, auth, contact!.id, now);
  });
}

export async function updateContact(
  deps: AppDeps,
  auth: AuthContext,
  contactId: number,
  input: ContactDetailsValues,
): Promise<ContactDetail> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await visibleContact(tx, scopeOf(auth), contactId);
    if (before.archivedAt) throw contactArchived('change it');
    if (before.externallyManaged)
      throw new AppError(
        409,
        'err-contact-externally-managed',
        'You cannot make changes to these details due to an integration with a third party system.',
      );
    const values = personValues(input);
    const changed = Object.entries(values)
      .filter(([k, v]) => before[k as keyof typeof before] !== v)
      .map(([k]) => k);
    if ((before.type ?? null) !== (input.type ?? null)) changed.push('type');
    if (input.collectionPassword !== undefined) changed.push('collectionPassword');
    await tx
      .update(people)
      .set(values)
      .where(and(eq(people.providerId, auth.providerId), eq(people.id, before.personId)));
    await tx
      .update(contacts)
      .set({
        type: input.type ?? null,
        ...(input.collectionPassword !== undefined ? { collectionPassword: input.collectionPassword } : {}),
      })
      .where(and(eq(contacts.providerId, auth.providerId), eq(contacts.id, contactId)));
    await audit(tx, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: 'contact-changed',
      entity: 'contact',
      entityId: contactId,
      details: { fields: changed },
      at: now,
    });
    return readContact(tx, auth, contactId, now);
  });
}

/**
 * Archive: the contact's links to current children end in the same transaction (so no register, emergency
 * list or signature shows an archived contact); refused while it is a current child's only contact. Links to
 * children who have left stay, as history. Restore brings the contact back without the ended links.
 */
export async function setArchived(
  deps: AppDeps,
  auth: AuthContext,
  contactId: number,
  archived: boolean,
): Promise<ContactDetail> {
  const now = deps.clock.now();
  const scope = scopeOf(auth);
  return deps.db.transaction(async (tx) => {
    const contact = await visibleContact(tx, scope, contactId);
    if ((contact.archivedAt !== null) === archived) return readContact(tx, auth, contactId, now);
    let ended: number[] = [];
    if (archived) {
      const before = await contactLinkRows(tx, scope, contactId, now);
      await lockChildren(
        tx,
        auth.providerId,
        before.map((l) => l.childId),
      );
      // Read again under the locks: another removal may have finished meanwhile.
      const links = (await contactLinkRows(tx, scope, contactId, now)).filter((l) => l.current);
      const blocked = archiveBlockedBy(links);
      if (blocked.length > 0)
        throw new AppError(
          409,
          'err-only-contact-of-child',
          'This contact is the only contact of a child: add another contact to the child first.',
          {},
          { children: blocked.map((l) => ({ id: l.childId, forename: l.forename, surname: l.surname })) },
        );
      ended = links.map((l) => l.childId);
      if (ended.length > 0)
        await tx
          .delete(childContacts)
          .where(
            and(
              eq(childContacts.providerId, auth.providerId),
              eq(childContacts.contactId, contactId),
              sql`${childContacts.childId} = any(${sql.param(ended)}::int[])`,
            ),
          );
    }
    await tx
      .update(contacts)
      .set({ archivedAt: archived ? now : null })
      .where(and(eq(contacts.providerId, auth.providerId), eq(contacts.id, contactId)));
    await audit(tx, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: archived ? 'contact-archived' : 'contact-restored',
      entity: 'contact',
      entityId: contactId,
      details: archived ? { endedChildLinks: ended } : {},
      at: now,
    });
    return readContact(tx, auth, contactId, now);
  });
}

/** The collection password, for staff at the door to compare; every read is in the audit log. */
export async function revealCollectionPassword(deps: AppDeps, auth: AuthContext, contactId: number) {
  return deps.db.transaction(async (tx) => {
    await visibleContact(tx, scopeOf(auth), contactId);
    const password = await collectionPasswordOf(tx, auth.providerId, contactId);
    await audit(tx, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: 'contact-collection-password-read',
      entity: 'contact',
      entityId: contactId,
      at: deps.clock.now(),
    });
    return { collectionPassword: password };
  });
}
