/**
 * en-GB strings of token login and the CRM page (spec 002 §8 "CRM integration" and "Account"). The CRM
 * messages are the domain's shared ones (MESSAGES_EN_GB: err-readonly, …, crm-integration-success).
 */
export const tokenLoginStrings = {
  'token-login-title': 'Signing you in',
  'token-login-loading': 'Checking the sign-in link…',
  'token-login-failed-title': 'You could not be signed in',
  'err-invalid-login-token':
    'This sign-in link is not valid: it may have been used already or have expired. Sign in with your e-mail and password, or ask for a new link.',
  'token-login-go-to-login': 'Go to the log-in page',
  'crm-title': 'Integrate HubSpot',
  'crm-intro':
    'Link your nursery’s account to HubSpot. Your CRM will then receive the details HubSpot is allowed to read.',
  'crm-submit': 'Integrate HubSpot',
  'crm-submitting': 'Integrating…',
  'crm-back-home': 'Back to Home',
} as const;
