// POST api/v1/big-picture/export (contract: packages/domain/src/schemas/bigPicture.ts): the workbook of
// the filter with the session's professional judgements, as 'Big Picture {DD-MM-YYYY}.xlsx'.
import { exportBigPicture, XLSX_CONTENT_TYPE } from '@nursery/domain/spotlight';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { routeSchema } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { exportWorkbook } from './export.ts';
import { requireBigPicture } from './policy.ts';

export async function bigPictureRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: exportBigPicture.method,
    url: exportBigPicture.path,
    schema: { ...routeSchema(exportBigPicture), produces: [XLSX_CONTENT_TYPE] },
    preHandler: requireBigPicture,
    handler: async (request, reply) => {
      const { fileName, bytes } = await exportWorkbook(deps, authOf(request), request.body);
      // A Buffer is sent as it is: the schema documents the answer and never serialises it (hence
      // the cast: the route's type says the 200 is the schema's string).
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(bytes as unknown as string);
    },
  });
}
