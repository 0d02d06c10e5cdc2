// The anonymous account calls (packages/domain/src/schemas/accountAnonymous.ts), typed by their
// contracts. None has a session, so a 401 never means "expired".
import type {
  ActivationRequest,
  activateAccount,
  getActivation,
  getResetQuestion,
  ResetByLinkRequest,
  ResetPasswordRequest,
  requestResetLink,
  resetPassword,
  resetPasswordByLink,
} from '@nursery/domain/account';
import { routes } from '@nursery/domain/common';
import { callRoute } from '../../lib/api';

const anonymous = { skipUnauthorizedHandling: true } as const;

export const anonymousAccountApi = {
  activation: (code: string) =>
    callRoute<typeof getActivation>(routes.getActivation, { query: { code }, ...anonymous }),
  activate: (body: ActivationRequest) =>
    callRoute<typeof activateAccount>(routes.activateAccount, { body, ...anonymous }),
  question: (email: string) =>
    callRoute<typeof getResetQuestion>(routes.getResetQuestion, { query: { email }, ...anonymous }),
  reset: (body: ResetPasswordRequest) =>
    callRoute<typeof resetPassword>(routes.resetPassword, { body, ...anonymous }),
  requestLink: (email: string) =>
    callRoute<typeof requestResetLink>(routes.requestResetLink, { body: { email }, ...anonymous }),
  resetByLink: (body: ResetByLinkRequest) =>
    callRoute<typeof resetPasswordByLink>(routes.resetPasswordByLink, { body, ...anonymous }),
};
