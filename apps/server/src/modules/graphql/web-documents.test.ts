// Every GraphQL document of the web app (a `graphql(...)` literal under apps/web/src, lib/graphql's
// gql.tada function) is valid against the schema the server builds: arguments and variable types as
// well as fields (gql.tada's types catch a field the schema lacks at `npm run typecheck`; an argument
// the schema lacks only shows here). The documents are read from the source, so none is a copy.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../deps.ts';
import { graphqlModules } from './plugin.ts';
import { buildGraphQLSchema } from './schema.ts';

const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The literal documents given to `graphql(` (template literals without `${}`, or quoted strings). */
function webDocuments(): { file: string; document: string }[] {
  const found: { file: string; document: string }[] = [];
  for (const file of sourceFiles(webSrc)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\bgraphql\(\s*(`(?:[^`$]|\$(?!\{))*`|'[^']*')/g)) {
      found.push({ file: path.relative(webSrc, file), document: match[1]!.slice(1, -1) });
    }
  }
  return found;
}

describe("the web app's GraphQL documents", () => {
  const schema = buildSchema(
    buildGraphQLSchema(graphqlModules({ database: { kind: 'pglite' } } as AppDeps)).sdl,
  );
  const documents = webDocuments();

  it('are found in the source (every operation the web sends)', () => {
    const names = documents.map(({ document }) => /^\s*(?:query|mutation)\s+(\w+)/.exec(document)?.[1]);
    expect(names).toEqual(
      expect.arrayContaining(['GetChildren', 'SpotlightEvent', 'updateEvent', 'BigPicture']),
    );
    expect(names).not.toContain(undefined);
    expect(documents.length).toBeGreaterThanOrEqual(15);
  });

  it('are valid against the schema the server serves', () => {
    for (const { file, document } of documents) {
      const errors = validate(schema, parse(document), specifiedRules).map((e) => e.message);
      expect(errors, `${file}: ${document.slice(0, 60)}`).toEqual([]);
    }
  });

  it('would fail for an argument the schema does not have', () => {
    const wrong = 'query GetChildren($siteID: Int!) { children(site: $siteID) { id } }';
    expect(validate(schema, parse(wrong), specifiedRules).length).toBeGreaterThan(0);
  });
});
