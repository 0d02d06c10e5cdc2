// The web app's documents are typed from a checked-in copy of the schema (apps/web/src/lib/graphql/);
// a field renamed or removed on the server must fail here (then, once the copy is written again, the
// web's typecheck names every document that still asks for it).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WEB_SCHEMA_COMMAND, WEB_SCHEMA_FILES, webSchemaFiles } from './web-schema.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

describe("the web app's copy of the GraphQL schema", () => {
  const files = webSchemaFiles();

  it.each(Object.keys(WEB_SCHEMA_FILES) as (keyof typeof WEB_SCHEMA_FILES)[])(
    'is what the server builds today (%s)',
    (key) => {
      const checkedIn = readFileSync(path.join(root, WEB_SCHEMA_FILES[key]), 'utf8');
      expect(
        checkedIn === files[key],
        `${WEB_SCHEMA_FILES[key]} is not the server's GraphQL schema today: run \`${WEB_SCHEMA_COMMAND}\``,
      ).toBe(true);
    },
  );

  it('is made from the schema the server serves (a field added there is in the copy)', () => {
    expect(files.sdl).toContain('spotlightEvent(id: Int!): SpotlightEvent!');
    expect(files.introspection).toContain("'readNotification': { name: 'readNotification'");
  });
});
