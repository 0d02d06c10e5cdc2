// A demo conversation (issue 31): the manager asked the demo parent's child's parents about a
// published observation, and the parent replied (a parent's reply, as the parents' side stores it).
// Recorded facts: after the event, never after now.
import { conversationSubject } from '@nursery/domain/home';
import { sql } from 'drizzle-orm';
import { conversationMessages, conversationThreads } from '../db/schema/index.ts';
import type { Ctx, ProviderWorld } from './org.ts';

export async function buildConversations(
  ctx: Ctx,
  world: ProviderWorld,
  actors: { managerEmail: string; parentEmail: string },
): Promise<void> {
  const { tx, clock } = ctx;
  const manager = world.users.get(actors.managerEmail);
  const parent = world.users.get(actors.parentEmail);
  const child = world.parentChildren.find((c) => c.contacts.some((x) => x.personId === parent?.personId));
  if (!manager || !parent || !child) return;
  // The child's latest published observation at the child's site.
  const res = (await tx.execute(sql`
    select e.id::int as id, e.site_id as "siteId", e.raised, et.value as "typeName" from events e
      join event_types et on et.provider_id = e.provider_id and et.id = e.type_id and et.tag = 'observation'
    where e.provider_id = ${world.providerId} and e.child_id = ${child.id} and e.status_id = 5
      and e.site_id = ${child.siteId}
    order by e.raised desc, e.id desc limit 1`)) as unknown as {
    rows: { id: number; siteId: number; raised: Date | string; typeName: string }[];
  };
  const event = res.rows[0];
  if (!event) return;
  const raised = new Date(event.raised);
  const asked = clock.notAfterNow(new Date(raised.getTime() + 2 * 3_600_000));
  const replied = clock.notAfterNow(new Date(asked.getTime() + 90 * 60_000));
  const [thread] = await tx
    .insert(conversationThreads)
    .values({
      providerId: world.providerId,
      siteId: event.siteId,
      childId: child.id,
      eventId: event.id,
      subject: conversationSubject(event.typeName, raised, 'Europe/London'),
      createdByPersonId: manager.personId,
      createdAt: asked,
    })
    .returning({ id: conversationThreads.id });
  await tx.insert(conversationMessages).values([
    {
      providerId: world.providerId,
      threadId: thread!.id,
      authorPersonId: manager.personId,
      authorKind: 'staff',
      text: `${child.forename} really enjoyed this today. Does ${child.forename} do anything like it at home?`,
      createdAt: asked,
    },
    {
      providerId: world.providerId,
      threadId: thread!.id,
      authorPersonId: parent.personId,
      authorKind: 'parent',
      text: 'Yes, we build towers with the cushions every weekend. Thank you for sharing!',
      createdAt: replied,
    },
  ]);
}
