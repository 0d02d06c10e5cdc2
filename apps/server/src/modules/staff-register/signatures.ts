// The staff register's signatures (spec 002 §2 "signature confirm", §3 Shift actualFromSignature /
// actualToSignature, Break optional signatures). A check-in, check-out, break start or break end may
// carry a PNG: it is checked and stored as the register signatures are (modules/signatures/service.ts:
// a PNG of at most SIGNATURE_MAX_BYTES, `<providerId>/sig-<random key>.png` in the object store)
// and its path kept on the shift or break row. A change that clears a signature (mark-off, undo,
// amended times, a removed or moved break) removes the file once the change is committed.
import type { ShiftAction } from '@nursery/domain/registers';
import { notFound } from '../../lib/errors.ts';
import type { ObjectStore } from '../../lib/object-store/index.ts';
import { newKey, pngOf, readImage, removeImages, storeImage } from '../signatures/index.ts';
import type { ShiftRow } from './queries.ts';

export interface SignatureFiles {
  /** Where the images are kept (lib/object-store: DATA_DIR/media or the bucket). */
  objects: ObjectStore;
}

/** Stores the action's signature if it carries one (400 when it is not a PNG): its path, or null. */
export async function storeActionSignature(
  files: SignatureFiles,
  providerId: number,
  action: ShiftAction,
): Promise<string | null> {
  if (!('signature' in action) || action.signature === undefined) return null;
  const bytes = await pngOf(action.signature);
  return storeImage(files, providerId, newKey(), bytes);
}

/** Every signature file a shift row names: its check-in's, check-out's and its breaks'. */
export function signaturePaths(row: ShiftRow | undefined): Set<string> {
  const paths = new Set<string>();
  if (!row) return paths;
  for (const p of [row.actualFromSignature, row.actualToSignature]) if (p) paths.add(p);
  for (const b of row.breaks ?? []) for (const p of [b.fromSignature, b.toSignature]) if (p) paths.add(p);
  return paths;
}

/** The files the shift named before a change and no longer names after it. */
export function droppedSignatures(before: ShiftRow | undefined, after: ShiftRow | undefined): string[] {
  const kept = signaturePaths(after);
  return [...signaturePaths(before)].filter((p) => !kept.has(p));
}

/** Removes files; never fails the change that dropped them (a file left behind only takes space). */
export async function removeSignatureFiles(files: SignatureFiles, paths: readonly string[]): Promise<void> {
  await removeImages(files, paths);
}

/** The bytes of a stored signature, or 404 'Signature not found.' (none captured, or the file is gone). */
export async function signatureImageOf(files: SignatureFiles, stored: string | null | undefined) {
  const bytes = stored ? await readImage(files, stored) : null;
  if (!bytes) throw notFound('Signature not found.');
  return { bytes, mimeType: 'image/png' };
}
