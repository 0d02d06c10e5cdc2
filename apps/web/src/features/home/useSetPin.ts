import type { AppConfig, SetPinRequest } from '@nursery/domain/account';
import { PIN_DECLINED } from '@nursery/domain/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONFIG_QUERY_KEY } from '../auth';
import { staffApi } from '../staff';

/** PUT staff/{id} with a 4-digit PIN, or 'no' from the Home prompt (do not ask again). */
export function useSetPin(staffID: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (PIN: SetPinRequest['PIN']) => staffApi.setPin(staffID, { PIN }),
    onSuccess: (_answer, PIN) => {
      // The server has recorded it; reflect it in the cached config so the prompt goes at once.
      queryClient.setQueryData<AppConfig>(CONFIG_QUERY_KEY, (config) =>
        config
          ? {
              ...config,
              me: PIN === PIN_DECLINED ? { ...config.me, pinDeclined: true } : { ...config.me, hasPin: true },
            }
          : config,
      );
    },
  });
}
