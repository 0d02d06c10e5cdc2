// The web's GraphQL documents, typed from the server's schema (issue 28). `graphql` (gql.tada) parses
// a document with @0no-co/graphql.web (not the graphql package) and types its result and variables
// from graphql-env.d.ts, the introspection of the schema the server builds (written by
// `npm run graphql:schema`; a server test fails when it is stale). A field the schema does not have,
// or a variable of the wrong type, fails `npm run typecheck`.
import { print } from '@0no-co/graphql.web';
import { initGraphQLTada, type TadaDocumentNode } from 'gql.tada';
import { ApiError, postJson } from '../api';
import type { introspection } from './graphql-env';

export const graphql = initGraphQLTada<{ introspection: introspection }>();
export type { ResultOf, VariablesOf } from 'gql.tada';

interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** The text sent for a document, printed once (the server's request shape takes a string query). */
const printed = new WeakMap<object, string>();
function documentText(document: TadaDocumentNode<unknown, never>): string {
  let text = printed.get(document);
  if (text === undefined) {
    text = print(document);
    printed.set(document, text);
  }
  return text;
}

/**
 * Whether a document's result has a field of type `unknown`: gql.tada's type of a field the schema
 * does not have (a renamed or removed field). The schema has no custom scalars, so no real field is.
 */
type HasUnknownField<T> = unknown extends T
  ? true
  : T extends readonly (infer Item)[]
    ? HasUnknownField<Item>
    : T extends object
      ? true extends { [K in keyof T]-?: HasUnknownField<T[K]> }[keyof T]
        ? true
        : false
      : false;

/** A document whose every field is in the schema (else the call fails the typecheck, naming why). */
type KnownFields<Result, Variables> = TadaDocumentNode<Result, Variables> &
  (true extends HasUnknownField<Result>
    ? { error: 'the document asks for a field the GraphQL schema does not have' }
    : unknown);

/**
 * A GraphQL operation over the REST client (same CSRF header, same offline detection). The first error
 * becomes an ApiError carrying the server's err- code, so screens handle both kinds of call alike.
 * The answer and the variables are the document's types.
 */
export async function sendGraphQL<Result, Variables>(
  document: KnownFields<Result, Variables>,
  // A document without variables may be sent without them.
  // biome-ignore lint/complexity/noBannedTypes: `{}` is "no variables required" here, not an object type.
  ...[variables]: {} extends Variables ? [variables?: Variables] : [variables: Variables]
): Promise<Result> {
  return send(document, variables, {});
}

/**
 * An operation sent without a session (issue 30: loginWithToken): its 401 is the call's own refusal,
 * not the end of a session, so the session's listeners are not told.
 */
export function sendAnonymousGraphQL<Result, Variables>(
  document: KnownFields<Result, Variables>,
  variables: Variables,
): Promise<Result> {
  return send(document, variables, { skipUnauthorizedHandling: true });
}

async function send<Result, Variables>(
  document: KnownFields<Result, Variables>,
  variables: Variables | undefined,
  options: { skipUnauthorizedHandling?: boolean },
): Promise<Result> {
  const answer = await postJson<GraphQLAnswer<Result>>(
    '/graphql',
    { query: documentText(document as TadaDocumentNode<unknown, never>), variables: variables ?? {} },
    options,
  );
  const first = answer.errors?.[0];
  if (first || !answer.data) {
    const code = first?.extensions?.code ?? 'err-unknown';
    throw new ApiError(code === 'err-not-found' ? 404 : 400, code, first?.message ?? 'No data');
  }
  return answer.data;
}
