// Token login (GraphQL loginWithToken, spec 002 §7) and the CRM page's call, through our server (POST
// api/v1/integrations/hubspot, forwarded to the integrations service).
import type { integrateHubSpot } from '@nursery/domain/account';
import { routes } from '@nursery/domain/common';
import { callRoute } from '../../lib/api';
import { graphql, sendAnonymousGraphQL } from '../../lib/graphql';

const LoginWithToken = graphql(`
  mutation LoginWithToken($key: String!, $role: LoginRole!) {
    loginWithToken(key: $key, role: $role) {
      user { userID email forename surname }
      expires
      timeout
    }
  }
`);

export const tokenLoginApi = {
  /** The staff app signs in as Staff (spec 002 §6). */
  logIn: (key: string) => sendAnonymousGraphQL(LoginWithToken, { key, role: 'Staff' }),
  integrateHubSpot: (token: string) =>
    callRoute<typeof integrateHubSpot>(routes.integrateHubSpot, { body: { token } }),
};
