/**
 * Lowercase hex SHA-512, which the server expects instead of the typed password (spec 002 §5).
 * Web Crypto only exists in secure contexts (https, localhost); a nursery tablet reaching the server
 * over plain http on the local network has none, so a small BigInt implementation stands in.
 */
const MASK_64 = (1n << 64n) - 1n;

function firstPrimes(count: number): bigint[] {
  const primes: bigint[] = [];
  for (let candidate = 2; primes.length < count; candidate += 1) {
    if (primes.every((p) => candidate % Number(p) !== 0)) primes.push(BigInt(candidate));
  }
  return primes;
}

/** floor(n^(1/k)) for BigInt n by Newton's method. */
function integerRoot(n: bigint, k: bigint): bigint {
  let x = 1n << (BigInt(n.toString(2).length) / k + 1n);
  for (;;) {
    const next = ((k - 1n) * x + n / x ** (k - 1n)) / k;
    if (next >= x) return x;
    x = next;
  }
}

let constants: { k: bigint[]; h: bigint[] } | null = null;

/** The standard's constants are the fractional bits of square and cube roots of primes: derive them. */
function sha512Constants(): { k: bigint[]; h: bigint[] } {
  if (!constants) {
    const primes = firstPrimes(80);
    constants = {
      k: primes.map((p) => integerRoot(p << 192n, 3n) & MASK_64),
      h: primes.slice(0, 8).map((p) => integerRoot(p << 128n, 2n) & MASK_64),
    };
  }
  return constants;
}

const rotr = (x: bigint, n: bigint): bigint => ((x >> n) | (x << (64n - n))) & MASK_64;

export function sha512Bytes(message: Uint8Array): Uint8Array {
  const { k, h: initial } = sha512Constants();
  const h = [...initial];
  const paddedLength = Math.ceil((message.length + 17) / 128) * 128;
  const padded = new Uint8Array(paddedLength);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setBigUint64(paddedLength - 8, BigInt(message.length) * 8n);

  const w = new Array<bigint>(80);
  for (let block = 0; block < paddedLength; block += 128) {
    for (let t = 0; t < 16; t += 1) w[t] = view.getBigUint64(block + t * 8);
    for (let t = 16; t < 80; t += 1) {
      const s0 = rotr(w[t - 15], 1n) ^ rotr(w[t - 15], 8n) ^ (w[t - 15] >> 7n);
      const s1 = rotr(w[t - 2], 19n) ^ rotr(w[t - 2], 61n) ^ (w[t - 2] >> 6n);
      w[t] = (w[t - 16] + s0 + w[t - 7] + s1) & MASK_64;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let t = 0; t < 80; t += 1) {
      const sum1 = rotr(e, 14n) ^ rotr(e, 18n) ^ rotr(e, 41n);
      const choice = (e & f) ^ (~e & MASK_64 & g);
      const temp1 = (hh + sum1 + choice + k[t] + w[t]) & MASK_64;
      const sum0 = rotr(a, 28n) ^ rotr(a, 34n) ^ rotr(a, 39n);
      const majority = (a & b) ^ (a & c) ^ (b & c);
      const temp2 = (sum0 + majority) & MASK_64;
      hh = g;
      g = f;
      f = e;
      e = (d + temp1) & MASK_64;
      d = c;
      c = b;
      b = a;
      a = (temp1 + temp2) & MASK_64;
    }
    const working = [a, b, c, d, e, f, g, hh];
    for (let i = 0; i < 8; i += 1) h[i] = (h[i] + working[i]) & MASK_64;
  }

  const digest = new Uint8Array(64);
  const out = new DataView(digest.buffer);
  for (const [i, word] of h.entries()) out.setBigUint64(i * 8, word);
  return digest;
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function sha512Hex(text: string): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  const subtle = globalThis.crypto?.subtle;
  if (subtle) return toHex(new Uint8Array(await subtle.digest('SHA-512', bytes)));
  return toHex(sha512Bytes(bytes));
}
