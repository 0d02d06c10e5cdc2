import { describe, expect, it } from 'vitest';
import { compareWithManifest } from './manifest.ts';

describe('compareWithManifest', () => {
  const manifest = {
    tables: { 'public.events': { rows: 2, checksum: 'aa' }, 'public.children': { rows: 1, checksum: 'bb' } },
    media: [
      { path: '1/a.jpg', size: 3, sha256: 'x' },
      { path: '1/b.jpg', size: 4, sha256: 'y' },
    ],
  };

  it('says same for every table and file restored as it was', () => {
    const lines = compareWithManifest(manifest, manifest.tables, manifest.media);
    expect(lines.map((l) => [l.what, l.same])).toEqual([
      ['table public.children', true],
      ['table public.events', true],
      ['media 1/a.jpg', true],
      ['media 1/b.jpg', true],
    ]);
  });

  it('names a changed table, a missing or changed file and one the backup did not have', () => {
    const lines = compareWithManifest(
      manifest,
      { 'public.events': { rows: 2, checksum: 'ac' }, 'public.children': { rows: 1, checksum: 'bb' } },
      [
        { path: '1/a.jpg', size: 3, sha256: 'z' },
        { path: '1/c.jpg', size: 1, sha256: 'w' },
      ],
    );
    expect(lines.filter((l) => !l.same)).toEqual([
      { what: 'table public.events', expected: '2 rows, aa', found: '2 rows, ac', same: false },
      { what: 'media 1/a.jpg', expected: '3 bytes, sha256 x', found: '3 bytes, sha256 z', same: false },
      { what: 'media 1/b.jpg', expected: '4 bytes, sha256 y', found: 'missing', same: false },
      { what: 'media 1/c.jpg', expected: 'missing', found: '1 bytes, sha256 w', same: false },
    ]);
  });
});
