// The text the token login and CRM pages show for a failed call (spec 002 §8).
import { crmMessageKey } from '@nursery/domain/account';
import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../../lib/api';

/** Token login's failure: the server's one refusal, the address's lock, offline, else the generic text. */
export function tokenLoginErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof NetworkError) return t('login-offline');
  if (!(error instanceof ApiError)) return t('login-unexpected-error');
  if (error.code === 'err-invalid-login-token') return t('err-invalid-login-token');
  if (error.code === 'err-too-many-attempts')
    return error.retryAfterSeconds === null
      ? t('err-too-many-attempts')
      : t('err-too-many-attempts-wait', { count: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) });
  return t('login-unexpected-error');
}

/** The CRM page's message for a failed integration (§8): each known code's text, else the generic one. */
export function crmErrorMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('crm-integration-failed');
  const key = crmMessageKey(error.code);
  if (key === 'err-already-registered') {
    const hubId = (error.details.detail as { hubId?: unknown } | undefined)?.hubId;
    return t('err-already-registered', { id: String(hubId ?? '') });
  }
  return t(key);
}
