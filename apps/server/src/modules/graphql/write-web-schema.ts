// `npm run graphql:schema`: writes the web app's copy of the GraphQL schema (web-schema.ts) after a
// change of a GraphQL field, argument or answer schema.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEB_SCHEMA_FILES, webSchemaFiles } from './web-schema.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const files = webSchemaFiles();
for (const key of Object.keys(WEB_SCHEMA_FILES) as (keyof typeof WEB_SCHEMA_FILES)[]) {
  writeFileSync(path.join(root, WEB_SCHEMA_FILES[key]), files[key]);
  console.log(`wrote ${WEB_SCHEMA_FILES[key]}`);
}
