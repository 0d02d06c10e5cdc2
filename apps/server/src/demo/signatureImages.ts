// The demo's signature images (issue 31): the medication and accident signatures of the demo data are
// drawn here, so the drawer, the print and the image route show a signature as a real one would be.
// Each is a seeded pen stroke (a few joined curves, like a hand-written mark), rendered to PNG by sharp
// and stored where a drawn signature is stored (signatures/storage.ts), one file per signature row.
import type { ObjectStore } from '../lib/object-store/index.ts';
import { storeImage } from '../modules/signatures/index.ts';
import { Random } from './random.ts';

const WIDTH = 440;
const HEIGHT = 200;

/** An SVG pen stroke seeded by `seed`: the same seed draws the same mark. */
export function signatureSvg(seed: string): string {
  const rnd = new Random(`signature:${seed}`);
  let x = 30 + rnd.int(0, 20);
  let y = 110 + rnd.int(-15, 15);
  const parts = [`M${x} ${y}`];
  const loops = rnd.int(4, 7);
  for (let i = 0; i < loops; i++) {
    const dx = rnd.int(40, 70);
    const c1 = `${x + rnd.int(5, 25)} ${y - rnd.int(30, 70)}`;
    const c2 = `${x + dx - rnd.int(5, 25)} ${y + rnd.int(20, 60)}`;
    x = Math.min(WIDTH - 20, x + dx);
    y = 110 + rnd.int(-25, 25);
    parts.push(`C${c1} ${c2} ${x} ${y}`);
  }
  const underline = `M${40 + rnd.int(0, 20)} ${160 + rnd.int(-5, 5)} L${x - rnd.int(0, 30)} ${155 + rnd.int(-5, 5)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="#fff"/><path d="${parts.join(' ')}" fill="none" stroke="#1a1a2e" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/><path d="${underline}" stroke="#1a1a2e" stroke-width="2" stroke-linecap="round"/></svg>`;
}

/**
 * Draws and stores an image for each signature row (in the object store, as the signature routes do) and
 * sets its `dataPath`. Rows that have an image already are left alone.
 */
export async function drawDemoSignatures(
  objects: ObjectStore,
  rows: { providerId: number; key: string; dataPath?: string | null }[],
): Promise<void> {
  const sharp = (await import('sharp')).default;
  for (const row of rows) {
    if (row.dataPath) continue;
    const png = await sharp(Buffer.from(signatureSvg(row.key)))
      .png({ palette: true })
      .toBuffer();
    row.dataPath = await storeImage({ objects }, row.providerId, row.key, png);
  }
}
