import { sha512Hex } from '@nursery/domain/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionApi } from './api';

export interface LoginInput {
  email: string;
  password: string;
}

/** POST /api/v1/login with the SHA-512 hex of the password; the server never sees the typed text. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, password }: LoginInput) =>
      sessionApi.login({ email: email.trim(), password: await sha512Hex(password) }),
    // A shared tablet: nothing cached for the previous user may survive into this session.
    onSuccess: () => queryClient.clear(),
  });
}
