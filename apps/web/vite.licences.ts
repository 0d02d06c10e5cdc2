/**
 * The About page's licence list (issue 30, spec 002 Links "#/about"), made at build time: every package
 * of the web app's production dependency tree (apps/web's dependencies, and those of the workspace
 * packages it uses, followed through each package's own dependencies; peers are someone's dependency
 * already, or a tool's, e.g. gql.tada's TypeScript) with its
 * version, licence identifier and licence text, read from node_modules. A virtual module the About
 * page imports lazily: its own chunk, precached like every screen, never fetched from the internet.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const LICENCES_MODULE = 'virtual:nursery-licences';
const RESOLVED = `\0${LICENCES_MODULE}`;

export interface PackageLicence {
  name: string;
  version: string;
  license: string;
  /** The package's LICENSE / LICENCE / COPYING / NOTICE files, joined; empty when it ships none. */
  text: string;
}

interface PackageJson {
  name?: string;
  version?: string;
  license?: string | { type?: string };
  licenses?: { type?: string }[];
  private?: boolean;
  dependencies?: Record<string, string>;
}

const LICENCE_FILE = /^(licen[cs]e|copying|notice)(\.(md|txt|markdown))?$/i;

/** The directory of package `name` as Node would find it from `fromDir` (up the node_modules chain). */
function packageDir(name: string, fromDir: string): string | null {
  let dir = fromDir;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

function readJson(file: string): PackageJson {
  return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
}

function licenceOf(pkg: PackageJson): string {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license?.type) return pkg.license.type;
  const types = (pkg.licenses ?? []).map((l) => l.type).filter(Boolean);
  return types.length > 0 ? types.join(' OR ') : 'UNKNOWN';
}

function licenceText(dir: string): string {
  return readdirSync(dir)
    .filter((f) => LICENCE_FILE.test(f))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8').trim())
    .join('\n\n');
}

/** The third-party packages under `appDir`'s dependencies (workspace packages followed, not listed). */
export function collectLicences(appDir: string): PackageLicence[] {
  const found = new Map<string, PackageLicence>();
  const seenDirs = new Set<string>();
  const visit = (dir: string, isWorkspace: boolean) => {
    const real = path.resolve(dir);
    if (seenDirs.has(real)) return;
    seenDirs.add(real);
    const pkg = readJson(path.join(dir, 'package.json'));
    if (!isWorkspace && pkg.name) {
      const key = `${pkg.name}@${pkg.version ?? ''}`;
      found.set(key, {
        name: pkg.name,
        version: pkg.version ?? '',
        license: licenceOf(pkg),
        text: licenceText(dir),
      });
    }
    for (const name of Object.keys(pkg.dependencies ?? {})) {
      const next = packageDir(name, dir);
      if (!next) continue;
      // A workspace package (the domain): its code is ours, its dependencies are shipped.
      const nextIsWorkspace =
        readJson(path.join(next, 'package.json')).private === true && name.startsWith('@nursery/');
      visit(next, nextIsWorkspace);
    }
  };
  visit(appDir, true);
  return [...found.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version),
  );
}

export function thirdPartyLicences(appDir: string): Plugin {
  return {
    name: 'nursery-third-party-licences',
    resolveId(id) {
      return id === LICENCES_MODULE ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      return `export default ${JSON.stringify(collectLicences(appDir))};`;
    },
  };
}
