// The GraphQL schema of /graphql, made from the modules' Query and Mutation fields (query-fields.ts):
// the object types are generated from the zod answer schemas (zod-to-graphql.ts), then printed as SDL.
//
// Mercurius receives the printed SDL, not the GraphQLSchema object: Mercurius loads graphql-js as
// CommonJS, while this file may get the ES module copy (Vitest does), and graphql-js refuses a
// schema made by the other copy. The SDL is text, so whichever copy builds it, Mercurius builds the
// same schema as before from it (and graphql-jit compiles the same documents).
import {
  assertValidSchema,
  type GraphQLFieldConfigMap,
  GraphQLObjectType,
  GraphQLSchema,
  printSchema,
} from 'graphql';
import type { AnyGraphQLModule, QueryFields } from '../../lib/graphql-fields.ts';
import { GraphQLTypeRegistry, UnsupportedSchemaError } from './zod-to-graphql.ts';

type Resolver = AnyGraphQLModule['resolvers']['Query'][string];
type Root = 'Query' | 'Mutation';

export interface BuiltGraphQLSchema {
  /** The schema as SDL, for Mercurius. */
  sdl: string;
  /** The resolvers of the root fields (the modules' functions as they were when built). */
  resolvers: { Query: Record<string, Resolver>; Mutation?: Record<string, Resolver> };
}

/**
 * The schema of the modules' Query and Mutation fields. Throws (at startup) on a zod type with no
 * GraphQL mapping, a field declared twice, or a field without its resolver (or a resolver without
 * its field). The Mutation type exists only when a module declares a mutation.
 */
export function buildGraphQLSchema(modules: readonly AnyGraphQLModule[]): BuiltGraphQLSchema {
  const registry = new GraphQLTypeRegistry();
  const roots: Record<
    Root,
    { fields: GraphQLFieldConfigMap<unknown, unknown>; resolvers: Record<string, Resolver> }
  > = { Query: { fields: {}, resolvers: {} }, Mutation: { fields: {}, resolvers: {} } };
  const addRoot = (root: Root, declared: QueryFields, given: Partial<Record<string, Resolver>>) => {
    const { fields, resolvers } = roots[root];
    for (const [name, field] of Object.entries(declared)) {
      const at = `${root}.${name}`;
      if (name in fields) throw new UnsupportedSchemaError(at, 'declared by two modules');
      const resolve = given[name];
      if (typeof resolve !== 'function') throw new UnsupportedSchemaError(at, 'no resolver');
      fields[name] = {
        type: registry.outputType(field.answer, at, field.types),
        args: registry.args(field.args, name),
        ...(field.description ? { description: field.description } : {}),
      };
      resolvers[name] = resolve;
    }
    for (const name of Object.keys(given)) {
      if (!(name in declared))
        throw new UnsupportedSchemaError(`${root}.${name}`, 'a resolver without a field');
    }
  };
  for (const module of modules) {
    addRoot('Query', module.query, module.resolvers.Query);
    addRoot('Mutation', module.mutation ?? {}, module.resolvers.Mutation ?? {});
  }
  const hasMutations = Object.keys(roots.Mutation.fields).length > 0;
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: roots.Query.fields }),
    ...(hasMutations
      ? { mutation: new GraphQLObjectType({ name: 'Mutation', fields: roots.Mutation.fields }) }
      : {}),
  });
  assertValidSchema(schema);
  return {
    sdl: printSchema(schema),
    resolvers: {
      Query: roots.Query.resolvers,
      ...(hasMutations ? { Mutation: roots.Mutation.resolvers } : {}),
    },
  };
}
