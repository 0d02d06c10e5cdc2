import { Alert, type AlertProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface NoticeProps extends Omit<AlertProps, 'variant' | 'role'> {
  /** data-qa of the notice. */
  qa?: string;
  /** 'status' (read out politely) for a state; 'alert' for an error the user must act on. */
  role?: 'status' | 'alert';
  children: ReactNode;
}

/**
 * A screen's notice (offline, not uploaded, an error): a light Mantine alert with its icon, announced
 * as a status unless it is an error.
 */
export function Notice({ qa, role = 'status', children, ...alert }: NoticeProps) {
  return (
    <Alert variant="light" role={role} data-qa={qa} {...alert}>
      {children}
    </Alert>
  );
}
