// POST api/v1/imports/preview and POST api/v1/imports (issue 29 "Moving in"): what importing a CSV file
// of children or staff would do, and the import itself. Contracts: packages/domain/src/schemas/imports.ts; access: policy.ts.
import { previewImport, runImport } from '@nursery/domain/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { invitationOrigin } from '../staff-admin/index.ts';
import { requireImportAccess } from './policy.ts';
import { runImport as run } from './run.ts';
import * as service from './service.ts';

/** A file is read whole: a few a minute is what a person moving in does. */
const IMPORT_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };
/** The JSON body around a file of IMPORT_MAX_BYTES, escaped. */
const BODY_LIMIT = 2_500_000;

export async function importRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...contractRoute(previewImport),
    bodyLimit: BODY_LIMIT,
    preHandler: requireImportAccess,
    config: IMPORT_LIMIT,
    handler: (request) => service.previewImport(deps, authOf(request), request.body),
  });
  api.route({
    ...contractRoute(runImport),
    bodyLimit: BODY_LIMIT,
    preHandler: requireImportAccess,
    config: IMPORT_LIMIT,
    handler: (request) => run(deps, authOf(request), request.body, invitationOrigin(deps, request)),
  });
}
