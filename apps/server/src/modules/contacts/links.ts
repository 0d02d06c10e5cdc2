// A contact's links to children (child_contacts, issue 29): add or change one, remove one, and the
// children a contact may be linked to. A current child keeps at least one contact (409
// err-last-contact-of-child); the page warns before the last contact with parental responsibility goes.
import {
  type ContactChildChoices,
  type ContactDetail,
  type ContactLinkInput,
  contactSearchTerm,
  linkRemoval,
} from '@nursery/domain/settings';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { childContacts } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { childChoiceRows, contactLinkRows, findChildInScope, lockChildren } from './queries.ts';
import { contactArchived, readContact, scopeOf, visibleContact } from './service.ts';

const CHILD_CHOICES_LIMIT = 20;

type LinkValues = Omit<ContactLinkInput, 'relationship'> & { relationship?: string | null | undefined };

export async function putLink(
  deps: AppDeps,
  auth: AuthContext,
  contactId: number,
  childId: number,
  input: LinkValues,
): Promise<ContactDetail> {
  const now = deps.clock.now();
  const scope = scopeOf(auth);
  return deps.db.transaction(async (tx) => {
    const contact = await visibleContact(tx, scope, contactId);
    if (!(await findChildInScope(tx, scope, childId))) throw notFound('Child not found.');
    if (contact.archivedAt) throw contactArchived('link it');
    const values = {
      relationship: input.relationship ?? null,
      priority: input.priority,
      parentalResponsibility: input.parentalResponsibility,
      emergency: input.emergency,
      canCollect: input.canCollect,
      canAddNotes: input.canAddNotes,
    };
    const [written] = await tx
      .insert(childContacts)
      .values({ providerId: auth.providerId, childId, contactId, ...values })
      .onConflictDoUpdate({
        target: [childContacts.providerId, childContacts.childId, childContacts.contactId],
        set: values,
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    await audit(tx, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: written?.inserted ? 'contact-child-linked' : 'contact-child-link-changed',
      entity: 'contact',
      entityId: contactId,
      details: { childId, ...values, relationship: values.relationship === null ? null : 'set' },
      at: now,
    });
    return readContact(tx, auth, contactId, now);
  });
}

export async function deleteLink(
  deps: AppDeps,
  auth: AuthContext,
  contactId: number,
  childId: number,
): Promise<ContactDetail> {
  const now = deps.clock.now();
  const scope = scopeOf(auth);
  return deps.db.transaction(async (tx) => {
    await visibleContact(tx, scope, contactId);
    await lockChildren(tx, auth.providerId, [childId]);
    const link = (await contactLinkRows(tx, scope, contactId, now)).find((l) => l.childId === childId);
    if (!link) throw notFound('This contact is not linked to this child.');
    if (linkRemoval(link) === 'last-contact')
      throw new AppError(
        409,
        'err-last-contact-of-child',
        'A child must keep at least one contact: add another contact to the child first.',
      );
    await tx
      .delete(childContacts)
      .where(
        and(
          eq(childContacts.providerId, auth.providerId),
          eq(childContacts.contactId, contactId),
          eq(childContacts.childId, childId),
        ),
      );
    await audit(tx, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: 'contact-child-unlinked',
      entity: 'contact',
      entityId: contactId,
      details: { childId, parentalResponsibility: link.parentalResponsibility },
      at: now,
    });
    return readContact(tx, auth, contactId, now);
  });
}

export async function childChoices(
  db: Db,
  auth: AuthContext,
  q: string | undefined,
  now: Date,
): Promise<ContactChildChoices> {
  const rows = await childChoiceRows(db, scopeOf(auth), contactSearchTerm(q), now, CHILD_CHOICES_LIMIT);
  return { children: rows };
}
