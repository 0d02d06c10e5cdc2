import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../../lib/api';

/** The user-visible text for a failed login, from the server's error code (spec wording via i18n). */
export function loginErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof NetworkError) return t('login-offline');
  if (!(error instanceof ApiError)) return t('login-unexpected-error');
  switch (error.code) {
    case 'err-invalid-login':
      return t('err-invalid-login');
    case 'err-no-staff-access':
      return t('err-no-staff-access');
    case 'err-too-many-attempts':
      return error.retryAfterSeconds === null
        ? t('err-too-many-attempts')
        : t('err-too-many-attempts-wait', { count: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) });
    default:
      return t('login-unexpected-error');
  }
}
