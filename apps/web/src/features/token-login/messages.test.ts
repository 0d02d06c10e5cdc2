import { MESSAGES_EN_GB } from '@nursery/domain/common';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api';
import { crmErrorMessage, tokenLoginErrorMessage } from './messages';
import { tokenLoginStrings } from './strings';

const i18n = i18next.createInstance();
beforeAll(() =>
  i18n.init({
    lng: 'en-GB',
    resources: { 'en-GB': { translation: { ...MESSAGES_EN_GB, ...tokenLoginStrings } } },
  }),
);
const t = ((...args: Parameters<typeof i18n.t>) => i18n.t(...args)) as never;
const refusal = (code: string, status = 400, details: Record<string, unknown> = {}) =>
  new ApiError(status, code, 'server text', null, details);

describe("the CRM page's messages (spec 002 §8, exact wording)", () => {
  it.each([
    ['err-readonly', "The 'Integrate HubSpot' permission is disabled"],
    ['err-permission-required', "The 'Integrate HubSpot' permission is disabled"],
    ['err-feature-disabled', 'HubSpot integration is not enabled for this account'],
    ['err-invalid-token', 'Invalid token provided'],
    ['err-integration-failed', 'Integration failed, try again or contact support'],
    ['err-invalid-request', 'Integration failed, try again or contact support'],
  ])('%s: %s', (code, text) => {
    expect(crmErrorMessage(refusal(code), t)).toBe(text);
  });

  it('names the hub id of err-already-registered; a network failure is the generic failure', () => {
    expect(crmErrorMessage(refusal('err-already-registered', 409, { detail: { hubId: '12345' } }), t)).toBe(
      'This account is already registered with HubSpot ID: 12345',
    );
    expect(crmErrorMessage(new NetworkError(), t)).toBe('Integration failed, try again or contact support');
    expect(MESSAGES_EN_GB['crm-integration-success']).toBe('Hubspot is successfully integrated');
  });
});

describe("token login's failure", () => {
  it('shows the one refusal for any bad link', () => {
    expect(tokenLoginErrorMessage(refusal('err-invalid-login-token', 401), t)).toBe(
      tokenLoginStrings['err-invalid-login-token'],
    );
  });
});
