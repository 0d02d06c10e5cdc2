// The Range header of a file request: single byte ranges, so Safari can play videos.

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` of a file of `size` bytes; null = not satisfiable. */
export function parseRange(header: string, size: number): { start: number; end: number } | null | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined; // unknown or multi-range: send it all
  if (m[1] === '') {
    const n = Number(m[2]);
    return n > 0 && size > 0 ? { start: Math.max(0, size - n), end: size - 1 } : null;
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start < size && start <= end ? { start, end } : null;
}
