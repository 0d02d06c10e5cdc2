// What a module declares to add root Query fields: each field's arguments and answer as zod schemas
// (the GraphQL types are generated from them, modules/graphql/schema.ts) and its resolver, typed by the same schemas.
import mercurius from 'mercurius';
import type { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { AppError } from './errors.ts';

/**
 * The GraphQL names of an answer's object and enum types. `name` is the root object's (or, for an
 * array answer, its items'); `names` gives others by field path from the root ('nextSteps.links';
 * arrays are transparent). A nested type not listed is named <parent type><Field> (author of Event:
 * EventAuthor).
 */
export interface TypeNaming {
  name: string;
  names?: Readonly<Record<string, string>>;
}

/** Every resolver's context: the same session as the REST routes. */
export interface GraphQLContext {
  deps: AppDeps;
  auth: AuthContext;
}

/** A GraphQL error carrying the API's error code (e.g. err-not-found for another tenant's id). */
export function gqlError(code: string, message: string) {
  const status = code === 'err-not-found' ? 404 : code === 'err-permission-denied' ? 403 : 400;
  return new mercurius.ErrorWithProps(message, { code }, status);
}

/** Runs a resolver's service call; a service refusal becomes a GraphQL error with its code and HTTP status. */
export async function coded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError)
      throw new mercurius.ErrorWithProps(err.message, { code: err.code }, err.statusCode);
    throw err;
  }
}

/**
 * One root Query field. `args` gives the arguments' GraphQL types and the resolver's `args` type
 * (GraphQL checks the types; zod's refinements are not run on arguments). `answer` gives the field's
 * type (`.nullable()` for a nullable field) and the resolver's result type.
 */
export interface QueryField<Args extends z.ZodObject = z.ZodObject, Answer extends z.ZodType = z.ZodType> {
  description?: string;
  args: Args;
  answer: Answer;
  /** The GraphQL names of the answer's object and enum types (none for a scalar answer). */
  types?: TypeNaming;
}

export type QueryFields = Record<string, QueryField>;

/** A resolver per field, with the field's argument and answer types. */
export type QueryResolvers<Fields extends QueryFields> = {
  [Name in keyof Fields]: (
    parent: unknown,
    args: z.infer<Fields[Name]['args']>,
    ctx: GraphQLContext,
  ) => Promise<z.infer<Fields[Name]['answer']>> | z.infer<Fields[Name]['answer']>;
};

/**
 * A module's part of the GraphQL schema: Query fields, and Mutation fields when it writes (declared
 * the same way: zod arguments and answer, a resolver typed by them).
 */
export interface GraphQLModule<
  Fields extends QueryFields = QueryFields,
  Mutations extends QueryFields = Record<never, QueryField>,
> {
  query: Fields;
  mutation?: Mutations;
  resolvers: { Query: QueryResolvers<Fields>; Mutation?: QueryResolvers<Mutations> };
}

type AnyResolvers = Record<string, (...args: never[]) => unknown>;

/** Any module's part, as the schema builder takes them (its resolvers' types are the module's). */
export interface AnyGraphQLModule {
  query: QueryFields;
  mutation?: QueryFields;
  resolvers: { Query: AnyResolvers; Mutation?: AnyResolvers };
}

/** Declares query fields, keeping their zod types for the resolvers (`satisfies` without a cast). */
export const queryFields = <Fields extends QueryFields>(fields: Fields): Fields => fields;

/** Declares mutation fields (the same shape as query fields: zod arguments and answer). */
export const mutationFields = queryFields;
