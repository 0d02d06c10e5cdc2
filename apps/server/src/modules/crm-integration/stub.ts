// The built-in integrations service (issue 30): what POST {integrations host}/v1/hubspot/oauth/{token}
// answers when INTEGRATIONS_URL is unset (development, the demo, e2e). It keeps the rules the real
// service is described by (spec 002 §8 "CRM integration"):
// - a token it did not issue: err-invalid-token. Its tokens are `hs-<hub id>-<at least 8 letters or
//   digits>` (the hub id the OAuth exchange would have given);
// - the provider's HubSpot setting (providers.flags.enableHubSpot): absent or false err-feature-disabled,
//   'readonly' err-readonly;
// - a provider already linked: err-already-registered with detail.hubId;
// - otherwise the provider is linked to the hub: 200.
// Links are kept in memory (per server process): a restart forgets them, as a stub may.
import type { AppDeps } from '../../deps.ts';
import { providerHubSpotSetting } from './queries.ts';
import type { IntegrationsTransport } from './transport.ts';

const STUB_TOKEN = /^hs-(\d{1,12})-[A-Za-z0-9]{8,}$/;

export function hubSpotStub(deps: AppDeps): IntegrationsTransport {
  const linked = new Map<number, string>();
  const refuse = (status: number, message: string, hubId?: string) => ({
    status,
    body: { message, ...(hubId ? { detail: { hubId } } : {}) },
  });
  return async ({ token, providerId }) => {
    const hubId = STUB_TOKEN.exec(token)?.[1];
    if (!hubId) return refuse(400, 'err-invalid-token');
    const setting = await providerHubSpotSetting(deps.db, providerId);
    if (setting === 'readonly') return refuse(403, 'err-readonly');
    if (setting !== true) return refuse(403, 'err-feature-disabled');
    const existing = linked.get(providerId);
    if (existing) return refuse(409, 'err-already-registered', existing);
    linked.set(providerId, hubId);
    return { status: 200, body: { message: 'ok' } };
  };
}
