// The profile's own account calls (packages/domain/src/schemas/accountSecurity.ts), typed by their
// contracts: the password and the security question. Log out (of all devices) is the auth feature's.
import type {
  ChangePasswordRequest,
  ChangeSecurityQuestionRequest,
  changePassword,
  changeSecurityQuestion,
} from '@nursery/domain/account';
import { routes } from '@nursery/domain/common';
import { callRoute } from '../../../lib/api';

export const passwordApi = {
  changePassword: (body: ChangePasswordRequest) =>
    callRoute<typeof changePassword>(routes.changePassword, { body }),
  changeSecurityQuestion: (body: ChangeSecurityQuestionRequest) =>
    callRoute<typeof changeSecurityQuestion>(routes.changeSecurityQuestion, { body }),
};
