// POST api/v2/events and PUT api/v2/events/{id} each take two bodies (spec 000 §7, spec 002): the
// route's schema documents their union (one OpenAPI operation), and the body is validated by the
// form the request picks, so a refusal names the field of that form ("raised: …") instead of the
// union's "Invalid input".
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';

type RouteSchemaDef<S> = Parameters<FastifySchemaCompiler<S>>[0];

/** The route's validator compiler: every part as usual but the body, which `bodyForms` checks. */
export const bodyLeftToForms = <S>(route: RouteSchemaDef<S>) =>
  route.httpPart === 'body'
    ? (data: unknown) => ({ value: data })
    : validatorCompiler(route as unknown as RouteSchemaDef<z.ZodType>);

type Parsed<F extends Record<string, z.ZodType>> = {
  [K in keyof F]: { kind: K; value: z.output<F[K]> };
}[keyof F];

/**
 * A preHandler that validates the body by the form `pick` chooses (400 err-invalid-request naming
 * the first field refused, as the schema validation answers), and `of` to read the parsed form.
 */
export function bodyForms<F extends Record<string, z.ZodType>>(
  forms: F,
  pick: (request: FastifyRequest) => keyof F,
) {
  const parsed = new WeakMap<FastifyRequest, Parsed<F>>();
  return {
    preHandler: async (request: FastifyRequest) => {
      const kind = pick(request);
      const r = forms[kind]!.safeParse(request.body ?? null);
      if (!r.success) {
        const first = r.error.issues[0];
        const path = first?.path.join('.');
        throw new AppError(
          400,
          'err-invalid-request',
          `${path ? `${path}: ` : ''}${first?.message ?? 'Invalid request'}`,
        );
      }
      parsed.set(request, { kind, value: r.data } as Parsed<F>);
    },
    of: (request: FastifyRequest): Parsed<F> => {
      const form = parsed.get(request);
      if (!form) throw new Error('bodyForms: the preHandler did not run');
      return form;
    },
  };
}
