// The settings' contacts (issue 29): GET/POST api/v1/contacts, GET/PUT api/v1/contacts/:contactID,
// PUT .../archived, GET .../collection-password, PUT/DELETE .../children/:childID, and GET
// api/v1/contact-child-choices. Contracts: packages/domain/src/schemas/contacts.ts; who may: policy.ts.
import {
  createContact,
  deleteContactChild,
  getCollectionPassword,
  getContact,
  listContactChildChoices,
  listContacts,
  putContactChild,
  setContactArchived,
  updateContact,
} from '@nursery/domain/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import * as links from './links.ts';
import { requireAddContact, requireCollectionPasswordReader, requireContactsAdmin } from './policy.ts';
import * as service from './service.ts';

const WRITE_LIMIT = { rateLimit: { max: 120, timeWindow: '1 minute' } };

export async function contactRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...contractRoute(listContacts),
    preHandler: requireContactsAdmin,
    handler: (request) => service.listContacts(deps.db, authOf(request), request.query),
  });
  api.route({
    ...contractRoute(createContact),
    preHandler: requireAddContact,
    config: WRITE_LIMIT,
    handler: async (request, reply) =>
      reply.code(201).send(await service.createContact(deps, authOf(request), request.body)),
  });
  api.route({
    ...contractRoute(listContactChildChoices),
    preHandler: requireContactsAdmin,
    handler: (request) => links.childChoices(deps.db, authOf(request), request.query.q, deps.clock.now()),
  });
  api.route({
    ...contractRoute(getContact),
    preHandler: requireContactsAdmin,
    handler: (request) =>
      service.readContact(deps.db, authOf(request), request.params.contactID, deps.clock.now()),
  });
  api.route({
    ...contractRoute(updateContact),
    preHandler: requireContactsAdmin,
    config: WRITE_LIMIT,
    handler: (request) =>
      service.updateContact(deps, authOf(request), request.params.contactID, request.body),
  });
  api.route({
    ...contractRoute(setContactArchived),
    preHandler: requireContactsAdmin,
    config: WRITE_LIMIT,
    handler: (request) =>
      service.setArchived(deps, authOf(request), request.params.contactID, request.body.archived),
  });
  api.route({
    ...contractRoute(getCollectionPassword),
    preHandler: [requireSession, requireCollectionPasswordReader],
    config: WRITE_LIMIT,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.revealCollectionPassword(deps, authOf(request), request.params.contactID);
    },
  });
  api.route({
    ...contractRoute(putContactChild),
    preHandler: requireContactsAdmin,
    config: WRITE_LIMIT,
    handler: (request) =>
      links.putLink(deps, authOf(request), request.params.contactID, request.params.childID, request.body),
  });
  api.route({
    ...contractRoute(deleteContactChild),
    preHandler: requireContactsAdmin,
    config: WRITE_LIMIT,
    handler: (request) =>
      links.deleteLink(deps, authOf(request), request.params.contactID, request.params.childID),
  });
}
