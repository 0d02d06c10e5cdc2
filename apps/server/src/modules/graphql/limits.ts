// How large a GraphQL document may be. A staff request with 2,000 aliases of `children(siteID)` held
// the PGlite server for 12 s (issue 11): every document is measured before anything runs, by
// graphql-js (token count, while parsing) and by GraphQL Armor's validation rules (aliases, depth,
// cost), and one over a limit is refused with 400 `err-graphql-too-complex`.
//
// What the clients really send (the limits leave them a wide margin):
// - the web app's GetChildren (apps/web/src/features/events/queries.ts): ~30 tokens, depth 2,
//   no alias, cost 17;
// - the `event` query with every field of Event (spec 000 §7): ~70 tokens, depth 4, cost 89.
// The deepest path the schema has is event → nextSteps → links → itemID (depth 4); only
// introspection goes deeper (`__schema { types { fields { type { fields … } } } }` multiplies).
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { GraphQLError, type ValidationContext, type ValidationRule } from 'graphql';

/**
 * Lexical tokens per document (graphql-js aborts the parse at the first token over). 1,000 holds
 * the full event query more than ten times over; the 2,000-alias attack has ~18,000.
 */
export const GRAPHQL_MAX_TOKENS = 1000;
/**
 * Aliases per operation. The web app sends none; 10 lets a client ask for a few sites' children in
 * one request, and bounds the resolver calls (each `children` alias is two database queries) that
 * one document can start: at most 10 aliased root fields plus the 3 plain ones.
 */
export const GRAPHQL_MAX_ALIASES = 10;
/**
 * Selection depth (the root field is depth 1). The schema's deepest path is 4; 6 leaves room for a
 * new nested type while refusing the recursive introspection queries (counted, not ignored).
 */
export const GRAPHQL_MAX_DEPTH = 6;
/**
 * Armor's cost: 1 per scalar, 2 per object, times 1.5 per level of nesting. The full event query
 * costs 89, GetChildren 17; 500 also caps the field count of duplicated selections
 * (`event { id id id … }`, ~330 fields) that aliases do not count.
 */
export const GRAPHQL_MAX_COST = 500;

export const TOO_COMPLEX = 'err-graphql-too-complex';

/** A document refused by a limit: answered 400 with `err-graphql-too-complex`, nothing executed. */
export class GraphQLLimitError extends GraphQLError {
  constructor(detail: string) {
    super(`The query is too complex: ${detail}`, { extensions: { code: TOO_COMPLEX } });
    this.name = 'GraphQLLimitError';
  }
}

// Armor reports "Syntax Error: Aliases limit of 10 exceeded, found 11."; the rejection is thrown
// from the rule (as armor's own propagation does), so validation stops at the operation's first
// node and the error keeps a class the error formatter recognises.
function reject(_context: ValidationContext | null, error: GraphQLError): never {
  throw new GraphQLLimitError(error.message.replace(/^Syntax Error:\s*/, ''));
}

const armor = { exposeLimits: true, onReject: [reject], propagateOnRejection: true };

/**
 * The extra validation rules. Mercurius runs them in graphql-js' validation pass, before execution;
 * they measure the whole operation at its first node, so an oversized document is refused before
 * graphql-js' own rules walk it.
 */
export const graphqlLimitRules: ValidationRule[] = [
  maxAliasesRule({ ...armor, n: GRAPHQL_MAX_ALIASES }),
  // Introspection is measured like any query (armor ignores `__schema` by default).
  maxDepthRule({ ...armor, n: GRAPHQL_MAX_DEPTH, ignoreIntrospection: false }),
  costLimitRule({ ...armor, maxCost: GRAPHQL_MAX_COST, ignoreIntrospection: false }),
];

/** graphql-js' parse option: the parse stops at the first token over the limit. */
export const graphqlParseOptions = { maxTokens: GRAPHQL_MAX_TOKENS };

/** The syntax error graphql-js throws for `maxTokens` ("Document contains more that N tokens"). */
export function isTokenLimitError(error: { message: string }): boolean {
  return /^Syntax Error: Document contains more th(?:an|at) \d+ tokens/.test(error.message);
}
