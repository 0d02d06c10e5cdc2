/**
 * Token login and the CRM integration page (issue 30, spec 002 §2, §6, §7, §8 "CRM integration").
 * A signed-in member creates a one-time sign-in link for their own account (POST api/v1/loginTokens,
 * the profile's "Sign in on another device"); the other device opens #/token-login/{key}, which calls
 * GraphQL `loginWithToken(key, role: Staff)`. The CRM page (#/crm/{token}) posts the HubSpot token
 * through our server (POST api/v1/integrations/hubspot) to the integrations service.
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import { Me } from './me.ts';

/** A login token is usable once, for this long (OURS: long enough to pick up the other device). */
export const LOGIN_TOKEN_MINUTES = 10;
/** 256 random bits in base64url: 43 characters. */
export const LOGIN_TOKEN_BYTES = 32;

export const loginTokenExpiry = (createdAt: Date): Date =>
  new Date(createdAt.getTime() + LOGIN_TOKEN_MINUTES * 60_000);

/** The link the other device opens: the web app's token login screen. */
export const tokenLoginPath = (key: string): string => `#/token-login/${encodeURIComponent(key)}`;

/** POST api/v1/loginTokens' answer: the key (shown once, never stored), the link's path and its expiry. */
export const LoginTokenAnswer = z.object({
  key: z.string(),
  path: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type LoginTokenAnswer = z.infer<typeof LoginTokenAnswer>;

/** POST api/v1/loginTokens: a one-time sign-in link for the signed-in member's own account. */
export const createLoginToken = defineRoute({
  ...routes.createLoginToken,
  summary: 'Create a one-time sign-in link for your own account (10 minutes, Staff role)',
  tags: ['auth'],
  response: { 201: LoginTokenAnswer },
});

/** The roles of spec 002 §7's loginWithToken; the staff app signs in as Staff only (§6). */
export const LoginRole = z.enum(['Staff', 'Parent']).meta({ title: 'LoginRole' });
export type LoginRole = z.infer<typeof LoginRole>;

export const LoginWithTokenArgs = z.object({ key: z.string(), role: LoginRole });

/** loginWithToken's answer (§7): the signed-in user (config brings the rest), the session's expiry and timeout. */
export const TokenLoginAnswer = z.object({
  user: Me,
  /** When the session ends if unused (ISO instant). */
  expires: z.string(),
  /** The session's sliding timeout in minutes. */
  timeout: z.number().int(),
});
export type TokenLoginAnswer = z.infer<typeof TokenLoginAnswer>;

/**
 * A HubSpot OAuth token as the CRM page's route carries it: what may be sent on (URL-safe characters).
 * Anything else the page may hold is answered err-invalid-token by our server, as the service would.
 */
export const HUBSPOT_TOKEN_PATTERN = /^[A-Za-z0-9._~-]{1,500}$/;
export const HubSpotToken = z.string().max(2000);

/** The integrations service's refusals (spec 002 §8 "CRM integration"); any other is 'failed'. */
export const CRM_ERROR_CODES = [
  'err-readonly',
  'err-permission-required',
  'err-feature-disabled',
  'err-already-registered',
  'err-invalid-token',
] as const;
export type CrmErrorCode = (typeof CRM_ERROR_CODES)[number];

/** The message key the CRM page shows for an error code (§8): the known ones, else the generic failure. */
export function crmMessageKey(code: string | undefined): CrmErrorCode | 'crm-integration-failed' {
  return (CRM_ERROR_CODES as readonly string[]).includes(code ?? '')
    ? (code as CrmErrorCode)
    : 'crm-integration-failed';
}

export const HubSpotIntegrationRequest = z.object({ token: HubSpotToken });
export const HubSpotIntegrationAnswer = z.object({ message: z.string() });

/**
 * POST api/v1/integrations/hubspot: forwarded to {integrations host}/v1/hubspot/oauth/{token}. The token
 * travels in the body (never in a logged URL). A refusal's `err` holds the service's code and, for
 * err-already-registered, `detail.hubId`.
 */
export const integrateHubSpot = defineRoute({
  ...routes.integrateHubSpot,
  summary: "Link the provider's account to HubSpot with an OAuth token (the CRM page)",
  tags: ['integrations'],
  body: HubSpotIntegrationRequest,
  response: { 200: HubSpotIntegrationAnswer },
});
