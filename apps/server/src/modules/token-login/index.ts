// The token-login module's front door (issue 30): the one-time sign-in links and GraphQL loginWithToken.
export { TOKEN_LOGIN_FIELD, tokenLoginGraphQL } from './graphql.ts';
export { tokenLoginRoutes } from './routes.ts';
