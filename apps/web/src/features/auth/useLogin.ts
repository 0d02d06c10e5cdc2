import { sha512Hex } from '@nursery/domain/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sessionApi } from './api';

export interface LoginInput {
  email: string;
  password: string;
}

/**
 * What the app does once a session is open, whichever way it was opened (a password, a one-time sign-in
 * link): on a shared tablet nothing cached for the previous user may survive into this session.
 */
export function useAfterLogin() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.clear(), [queryClient]);
}

/** POST /api/v1/login with the SHA-512 hex of the password; the server never sees the typed text. */
export function useLogin() {
  const afterLogin = useAfterLogin();
  return useMutation({
    mutationFn: async ({ email, password }: LoginInput) =>
      sessionApi.login({ email: email.trim(), password: await sha512Hex(password) }),
    onSuccess: afterLogin,
  });
}
