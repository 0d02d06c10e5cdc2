// packages/domain exports by area (issue 28): `@nursery/domain/<area>` is `src/areas/<area>.ts`. Every
// source file of the package is in exactly one area, so a new file cannot be left unexported or
// exported twice, and package.json exports exactly the areas.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const areasDir = path.join(src, 'areas');
const areaFiles = readdirSync(areasDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
const sources = [
  ...readdirSync(src).filter((f) => f.endsWith('.ts')),
  ...readdirSync(path.join(src, 'schemas')).map((f) => `schemas/${f}`),
].filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

describe('@nursery/domain areas', () => {
  const listed = areaFiles.flatMap((area) =>
    [...readFileSync(path.join(areasDir, area), 'utf8').matchAll(/from '\.\.\/(.+?)';/g)].map((m) => m[1]!),
  );

  it('every source file is exported by exactly one area', () => {
    expect([...listed].sort()).toEqual([...sources].sort());
  });

  it('package.json exports exactly the areas', () => {
    const pkg = JSON.parse(readFileSync(path.join(src, '..', 'package.json'), 'utf8'));
    expect(pkg.exports).toEqual(
      Object.fromEntries(areaFiles.map((f) => [`./${f.replace(/\.ts$/, '')}`, `./src/areas/${f}`])),
    );
  });
});
