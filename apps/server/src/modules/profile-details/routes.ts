// One's own details (issue 30; contracts: packages/domain/src/schemas/profileDetails.ts), for any
// member of staff: POST api/v1/change-requests and GET api/v1/change-requests/mine (a change of
// details awaiting approval), POST and GET api/v1/people/{personID}/image.jpg (the profile photo).
import multipart from '@fastify/multipart';
import {
  getOwnChangeRequest,
  getProfilePhoto,
  raiseChangeRequest,
  uploadProfilePhoto,
} from '@nursery/domain/account';
import { MEDIA_IMAGE_MAX_BYTES } from '@nursery/domain/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { PERSONAL_IMAGE_CACHE_CONTROL } from '../../lib/personal-images.ts';
import { contractRoute, routeSchema } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import { readProfilePhoto, saveProfilePhoto } from './photo.ts';
import * as service from './service.ts';

const photoTooLarge = () =>
  new AppError(413, 'err-media-too-large', 'The photo is too large (at most 20 MB).');

export async function profileDetailsRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctx: service.ProfileDeps = { db: deps.db, clock: deps.clock };
  api.route({
    ...contractRoute(getOwnChangeRequest),
    preHandler: requireSession,
    handler: (request) => service.getOwnChangeRequest(ctx, authOf(request)),
  });
  api.route({
    ...contractRoute(raiseChangeRequest),
    preHandler: requireSession,
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: (request) => service.raiseChangeRequest(ctx, authOf(request), request.body),
  });

  // The photo's multipart parser only in this scope (as the media module keeps its own).
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MEDIA_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    });
    const photo = scope.withTypeProvider<ZodTypeProvider>();
    photo.route({
      method: uploadProfilePhoto.method,
      url: uploadProfilePhoto.path,
      schema: { ...routeSchema(uploadProfilePhoto), consumes: ['multipart/form-data'] },
      preHandler: requireSession,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      handler: async (request) => {
        const auth = authOf(request);
        if (!request.isMultipart())
          throw new AppError(400, 'err-invalid-request', 'Send the photo as multipart/form-data.');
        const part = await request.file();
        if (!part) throw new AppError(400, 'err-invalid-request', 'file: a photo is required.');
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw photoTooLarge();
          throw error;
        }
        return saveProfilePhoto(deps, auth, request.params.personID, bytes);
      },
    });
    photo.route({
      method: getProfilePhoto.method,
      url: getProfilePhoto.path,
      // The answer is bytes, never serialised: the schema documents it (hence the wide record).
      schema: {
        ...routeSchema(getProfilePhoto),
        produces: ['image/jpeg'],
        response: routeSchema(getProfilePhoto).response as Record<number, z.ZodType>,
      },
      preHandler: requireSession,
      handler: async (request, reply) => {
        const bytes = await readProfilePhoto(deps, authOf(request), request.params.personID);
        return reply
          .header('content-type', 'image/jpeg')
          .header('cache-control', PERSONAL_IMAGE_CACHE_CONTROL)
          .header('x-content-type-options', 'nosniff')
          .send(bytes);
      },
    });
  });
}
