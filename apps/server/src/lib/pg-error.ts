/** The Postgres error code and constraint of a failed statement (drizzle may wrap it in `cause`). */
export function pgError(err: unknown): { code?: string; constraint?: string } {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return e?.cause?.code ? e.cause : e;
}
