// The CRM page's command (issue 30, spec 002 §6 "Integrate HubSpot", §7, §8): our side checks the
// permission (err-permission-required) and names the provider and user; the integrations service (or
// the stub) links the account. Its refusals keep their code (and detail.hubId); anything else from it
// (an unknown code, a 5xx, no answer) is err-integration-failed, the page's generic failure. The
// token is never logged.
import { CRM_ERROR_CODES, type CrmErrorCode, HUBSPOT_TOKEN_PATTERN } from '@nursery/domain/account';
import { MESSAGES_EN_GB } from '@nursery/domain/common';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { IntegrationsTransport, ServiceAnswer } from './transport.ts';

const STATUS: Record<CrmErrorCode, 400 | 403 | 409> = {
  'err-invalid-token': 400,
  'err-readonly': 403,
  'err-permission-required': 403,
  'err-feature-disabled': 403,
  'err-already-registered': 409,
};

const failed = () => new AppError(422, 'err-integration-failed', MESSAGES_EN_GB['crm-integration-failed']);

/** A refusal of the service as the API's error: its code, the spec's text, detail.hubId when given. */
export function refusalOf(answer: ServiceAnswer): AppError {
  const code = answer.body?.message;
  if (typeof code !== 'string' || !(CRM_ERROR_CODES as readonly string[]).includes(code)) return failed();
  const known = code as CrmErrorCode;
  const hubId = answer.body?.detail?.hubId;
  const hasHub =
    known === 'err-already-registered' && (typeof hubId === 'string' || typeof hubId === 'number');
  const message = MESSAGES_EN_GB[known].replace('{{id}}', hasHub ? String(hubId) : '');
  return new AppError(STATUS[known], known, message, {}, hasHub ? { detail: { hubId: String(hubId) } } : {});
}

export async function integrateHubSpot(
  transport: IntegrationsTransport,
  auth: AuthContext,
  token: string,
  log: FastifyBaseLogger,
) {
  if (!auth.permissions.integrateHubSpot)
    throw new AppError(403, 'err-permission-required', MESSAGES_EN_GB['err-permission-required']);
  // A token no service could have issued is refused here, as the service would refuse it.
  if (!HUBSPOT_TOKEN_PATTERN.test(token))
    throw refusalOf({ status: 400, body: { message: 'err-invalid-token' } });
  let answer: ServiceAnswer;
  try {
    answer = await transport({ token, providerId: auth.providerId, userId: auth.userId });
  } catch (err) {
    log.warn({ err: (err as Error).name }, 'integrations service unreachable');
    throw failed();
  }
  if (answer.status >= 200 && answer.status < 300) {
    log.info({ providerId: auth.providerId }, 'hubspot integrated');
    return { message: MESSAGES_EN_GB['crm-integration-success'] };
  }
  throw refusalOf(answer);
}
