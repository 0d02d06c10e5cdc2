// How the CRM call reaches the integrations service (issue 30, spec 002 §7: POST {integrations host}/
// v1/hubspot/oauth/{token}; an error body has message and detail.hubId): over HTTP when
// INTEGRATIONS_URL is set, else the built-in stub (stub.ts), which answers the same way.

/** What the service is told: the token, and whose account it links (checked on our side first). */
export interface HubSpotCall {
  token: string;
  providerId: number;
  userId: number;
}

/** The service's answer as it came: its status and JSON body. */
export interface ServiceAnswer {
  status: number;
  body: { message?: unknown; detail?: { hubId?: unknown } } | null;
}

export type IntegrationsTransport = (call: HubSpotCall) => Promise<ServiceAnswer>;

/** How long the service may take before the page shows the generic failure. */
export const INTEGRATIONS_TIMEOUT_MS = 10_000;

/** The real service over HTTP: the token in the path (encoded), the provider and user in the body. */
export function httpTransport(baseUrl: string, apiKey: string | undefined): IntegrationsTransport {
  const base = baseUrl.replace(/\/+$/, '');
  return async ({ token, providerId, userId }) => {
    const response = await fetch(`${base}/v1/hubspot/oauth/${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
      },
      body: JSON.stringify({ providerId, userId }),
      signal: AbortSignal.timeout(INTEGRATIONS_TIMEOUT_MS),
    });
    let body: ServiceAnswer['body'] = null;
    try {
      body = (await response.json()) as ServiceAnswer['body'];
    } catch {
      body = null;
    }
    return { status: response.status, body };
  };
}
