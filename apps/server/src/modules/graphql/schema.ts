// The GraphQL schema of /graphql, made from the modules' query fields (query-fields.ts): the object
// types are generated from the zod answer schemas (zod-to-graphql.ts), then printed as SDL.
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
import type { AnyGraphQLModule } from './query-fields.ts';
import { GraphQLTypeRegistry, UnsupportedSchemaError } from './zod-to-graphql.ts';

type Resolver = AnyGraphQLModule['resolvers']['Query'][string];

export interface BuiltGraphQLSchema {
  /** The schema as SDL, for Mercurius. */
  sdl: string;
  /** The resolvers of the Query fields (the modules' functions as they were when built). */
  resolvers: { Query: Record<string, Resolver> };
}

/**
 * The schema of the modules' Query fields. Throws (at startup) on a zod type with no GraphQL
 * mapping, a field declared twice, or a field without its resolver (or a resolver without its field).
 */
export function buildGraphQLSchema(modules: readonly AnyGraphQLModule[]): BuiltGraphQLSchema {
  const registry = new GraphQLTypeRegistry();
  const fields: GraphQLFieldConfigMap<unknown, unknown> = {};
  const resolvers: Record<string, Resolver> = {};
  for (const module of modules) {
    const moduleResolvers: Partial<Record<string, Resolver>> = module.resolvers.Query;
    for (const [name, field] of Object.entries(module.query)) {
      const at = `Query.${name}`;
      if (name in fields) throw new UnsupportedSchemaError(at, 'declared by two modules');
      const resolve = moduleResolvers[name];
      if (typeof resolve !== 'function') throw new UnsupportedSchemaError(at, 'no resolver');
      fields[name] = {
        type: registry.outputType(field.answer, at, field.types),
        args: registry.args(field.args, name),
        ...(field.description ? { description: field.description } : {}),
      };
      resolvers[name] = resolve;
    }
    for (const name of Object.keys(moduleResolvers)) {
      if (!(name in module.query))
        throw new UnsupportedSchemaError(`Query.${name}`, 'a resolver without a field');
    }
  }
  const schema = new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields }) });
  assertValidSchema(schema);
  return { sdl: printSchema(schema), resolvers: { Query: resolvers } };
}
