/** Log-in, errors and PIN payloads. */
import { z } from 'zod';
import { PIN_DECLINED, PIN_PATTERN } from '../limits.ts';

/** Password as sent by the client: SHA-512, 128 lower-case hex characters. */
export const PasswordHash = z.string().regex(/^[0-9a-f]{128}$/, 'Expected a SHA-512 hex digest');

export const LoginRequest = z.object({
  email: z.string().trim().max(254).pipe(z.email()),
  password: PasswordHash,
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const ApiError = z.object({
  err: z.object({ code: z.string(), message: z.string() }),
});
export type ApiError = z.infer<typeof ApiError>;

/** Build an ApiError body. */
export function apiError(code: string, message: string): ApiError {
  return { err: { code, message } };
}

/** PUT staff/{id}: a 4-digit PIN, or 'no' from the home PIN prompt. */
export const SetPinRequest = z.object({
  PIN: z.union([z.string().regex(PIN_PATTERN), z.literal(PIN_DECLINED)]),
});
export type SetPinRequest = z.infer<typeof SetPinRequest>;
