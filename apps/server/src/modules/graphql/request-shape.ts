// The shape of a GraphQL request (issue 26). Mercurius' own JSON schemas coerce types (`{"query":1}`
// becomes "1") and accept a body that is not an object, and a query string that is not GraphQL is
// JSON-parsed by Mercurius as a ready-made document (AST): `"[]"` or `1` then crash validation (500),
// and a real AST skips the token limit that applies while parsing. Here, before Mercurius' schemas
// run, the request as sent must be: a JSON object (POST) or query parameters (GET) with a string
// `query`, optional object `variables` (GET: its JSON text), optional string `operationName`.
// Anything else is refused 400 err-invalid-request after the session guard (so an anonymous caller
// still learns only 401).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';

const optionalString = z.string().nullish();
const variablesObject = z.record(z.string(), z.unknown()).nullish();

/** A POST body (application/json; application/graphql's text becomes `{ query }`). */
const PostRequest = z.object({
  query: z.string(),
  variables: variablesObject,
  operationName: optionalString,
  extensions: variablesObject,
});

/** GET's query parameters: each once, as text; variables the JSON text of an object. */
const GetRequest = z.object({
  query: z.string(),
  variables: z
    .string()
    .refine((text) => {
      try {
        return variablesObject.safeParse(JSON.parse(text)).success;
      } catch {
        return false;
      }
    }, 'must be the JSON text of an object')
    .optional(),
  operationName: z.string().optional(),
  extensions: z.string().optional(),
});

/**
 * Whether a text is JSON. No executable GraphQL document is (one starts with `{`, `query`,
 * `mutation`, `subscription` or `fragment` and holds names, not quoted keys), and Mercurius would
 * execute such a text as a parsed document: refused.
 */
function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** What is wrong with a GraphQL request's shape, or null when it may go to Mercurius. */
export function graphqlRequestProblem(method: string, input: unknown): string | null {
  const parsed = method === 'GET' ? GetRequest.safeParse(input) : PostRequest.safeParse(input);
  if (!parsed.success) {
    if (input === null || typeof input !== 'object' || Array.isArray(input))
      return 'The request must be a JSON object with a string `query`.';
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'request';
    return `${where}: ${issue?.message ?? 'invalid'}`;
  }
  if (isJsonText(parsed.data.query)) return 'query: must be a GraphQL document, not JSON.';
  return null;
}

const problems = new WeakMap<FastifyRequest, string>();

/**
 * preValidation hook of Mercurius' routes: reads the request as sent, before Mercurius' schemas
 * coerce it (the answer comes later, from refuseMalformedGraphQL, after the session guard).
 */
export async function checkGraphQLRequestShape(request: FastifyRequest): Promise<void> {
  const problem = graphqlRequestProblem(
    request.method,
    request.method === 'GET' ? request.query : request.body,
  );
  if (problem) problems.set(request, problem);
}

/** preHandler after the session guard: a malformed request is a 400, never run. */
export async function refuseMalformedGraphQL(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const problem = problems.get(request);
  if (problem) throw new AppError(400, 'err-invalid-request', problem);
}
