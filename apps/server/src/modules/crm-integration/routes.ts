// POST api/v1/integrations/hubspot (contract in packages/domain/src/schemas/tokenLogin.ts): the CRM page's
// call, forwarded to the integrations service (INTEGRATIONS_URL) or answered by the built-in stub.
import { integrateHubSpot } from '@nursery/domain/account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import * as service from './service.ts';
import { hubSpotStub } from './stub.ts';
import { httpTransport } from './transport.ts';

export async function crmIntegrationRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const baseUrl = deps.integrations?.baseUrl;
  const transport = baseUrl ? httpTransport(baseUrl, deps.integrations?.apiKey) : hubSpotStub(deps);
  r.route({
    ...contractRoute(integrateHubSpot),
    // The permission is checked in the service: its refusal is the spec's err-permission-required.
    preHandler: requireSession,
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: (request) =>
      service.integrateHubSpot(transport, authOf(request), request.body.token, request.log),
  });
}
