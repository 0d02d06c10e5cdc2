// The one GraphQL operation callable without a staff session (issue 30): a document that is a single
// mutation selecting a single public root field (token login signs in, so it cannot need a session).
// Anything else (a second field or operation, a fragment, a query) meets the session guard as before,
// so no other resolver ever runs without a session.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Kind, parse } from 'graphql';
import { requireSession } from '../../plugins/auth.ts';
import { TOKEN_LOGIN_FIELD } from '../token-login/index.ts';
import { graphqlParseOptions } from './limits.ts';

export const PUBLIC_MUTATIONS: ReadonlySet<string> = new Set([TOKEN_LOGIN_FIELD]);

/** Whether the document is one mutation of one public field, without fragments. */
export function isPublicDocument(
  query: string,
  publicFields: ReadonlySet<string> = PUBLIC_MUTATIONS,
): boolean {
  let document: ReturnType<typeof parse>;
  try {
    document = parse(query, graphqlParseOptions);
  } catch {
    return false;
  }
  if (document.definitions.length !== 1) return false;
  const [operation] = document.definitions;
  if (operation?.kind !== Kind.OPERATION_DEFINITION || operation.operation !== 'mutation') return false;
  const selections = operation.selectionSet.selections;
  return (
    selections.length === 1 &&
    selections[0]!.kind === Kind.FIELD &&
    publicFields.has(selections[0]!.name.value)
  );
}

/**
 * The session guard of /graphql: a staff session (requireSession), except for a POSTed public
 * document. A malformed request is left to refuseMalformedGraphQL (its body is not read here).
 */
export async function requireSessionUnlessPublic(request: FastifyRequest, reply: FastifyReply) {
  // A staff session may send anything: its document is parsed once, by Mercurius.
  if (request.auth && request.auth.staffId !== null) return;
  const body = request.body as { query?: unknown } | null | undefined;
  if (request.method === 'POST' && typeof body?.query === 'string' && isPublicDocument(body.query)) return;
  await requireSession.call(request.server, request, reply);
}
