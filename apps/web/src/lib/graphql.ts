import { ApiError, postJson } from './api';

interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/**
 * A GraphQL operation over the REST client (same CSRF header, same offline detection). The first error
 * becomes an ApiError carrying the server's err- code, so screens handle both kinds of call alike.
 */
export async function graphql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const answer = await postJson<GraphQLAnswer<T>>('/graphql', { query, variables });
  const first = answer.errors?.[0];
  if (first || !answer.data) {
    const code = first?.extensions?.code ?? 'err-unknown';
    throw new ApiError(code === 'err-not-found' ? 404 : 400, code, first?.message ?? 'No data');
  }
  return answer.data;
}
