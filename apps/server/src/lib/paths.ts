import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package folder, found from this file whether it runs from src/ (tsx) or dist/ (bundle). */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === '@nursery/server') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('@nursery/server package.json not found');
    dir = parent;
  }
}

export const serverRoot = findServerRoot();
export const repoRoot = path.resolve(serverRoot, '../..');
export const webDist = path.join(repoRoot, 'apps/web/dist');
