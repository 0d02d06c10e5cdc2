// The web app's copy of the GraphQL schema (issue 28): the SDL and gql.tada's introspection types,
// checked in under apps/web/src/lib/graphql/ so the web's documents are typed (and checked by
// `npm run typecheck`) against the schema the server builds from its zod schemas. web-schema.test.ts
// fails when the checked-in files are not what the schema gives today; `npm run graphql:schema`
// (write-web-schema.ts) writes them again.
import { minifyIntrospection, outputIntrospectionFile } from '@gql.tada/internal';
import { buildSchema, introspectionFromSchema } from 'graphql';
import type { AppDeps } from '../../deps.ts';
import { graphqlModules } from './plugin.ts';
import { buildGraphQLSchema } from './schema.ts';

/** Where the files live, relative to the repository's root. */
export const WEB_SCHEMA_FILES = {
  sdl: 'apps/web/src/lib/graphql/schema.graphql',
  introspection: 'apps/web/src/lib/graphql/graphql-env.d.ts',
} as const;

export const WEB_SCHEMA_COMMAND = 'npm run graphql:schema';

const HEADER = [
  '/* eslint-disable */',
  '/* prettier-ignore */',
  `// Generated from the server's GraphQL schema by \`${WEB_SCHEMA_COMMAND}\`: do not edit.`,
  '',
].join('\n');

/** The files' contents, from the schema the server builds at startup (the modules' zod schemas). */
export function webSchemaFiles(): Record<keyof typeof WEB_SCHEMA_FILES, string> {
  // The resolvers are never run here; only `_version`'s closure reads the database kind.
  const { sdl } = buildGraphQLSchema(graphqlModules({ database: { kind: 'pglite' } } as AppDeps));
  // A name keeps gql.tada from declaring a global schema: lib/graphql passes it to initGraphQLTada.
  const introspection = {
    ...minifyIntrospection(introspectionFromSchema(buildSchema(sdl))),
    name: 'nursery',
  };
  return {
    sdl: `# Generated from the server's GraphQL schema by \`${WEB_SCHEMA_COMMAND}\`: do not edit.\n\n${sdl}\n`,
    introspection: `${outputIntrospectionFile(introspection, { fileType: '.d.ts', shouldPreprocess: true, preamble: HEADER })}\n`,
  };
}
