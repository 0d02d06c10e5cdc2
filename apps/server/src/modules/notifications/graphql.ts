// GraphQL `notifications(type, since, cursor, limit)` and the mutation `readNotification(id)`
// (spec 002 §7). The types Notification and NotificationPage are generated from the domain's
// answer schemas; the resolvers share the REST module's service.
import { Notification, NotificationPage, NotificationsArgs } from '@nursery/domain/home';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import {
  type GraphQLModule,
  gqlError,
  mutationFields,
  type QueryResolvers,
  queryFields,
} from '../../lib/graphql-fields.ts';
import { listNotifications, readNotification } from './service.ts';

/** The service's coded errors as GraphQL errors with the same code (and status). */
async function toGraphQLError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError) throw gqlError(err.code, err.message);
    throw err;
  }
}

export const notificationsQuery = queryFields({
  notifications: {
    description:
      "Notifications: the user's own notifications, newest first, optionally of one type (name) and after `since`; a page at a time (`cursor` from the previous page).",
    args: NotificationsArgs,
    answer: NotificationPage,
    types: { name: 'NotificationPage', names: { items: 'Notification' } },
  },
});

export const notificationsMutation = mutationFields({
  readNotification: {
    description: 'readNotification: marks one of the user’s own notifications read and answers it.',
    args: z.object({ id: z.int() }),
    answer: Notification,
    types: { name: 'Notification' },
  },
});

export const notificationsResolvers: {
  Query: QueryResolvers<typeof notificationsQuery>;
  Mutation: QueryResolvers<typeof notificationsMutation>;
} = {
  Query: {
    notifications: (_, args, ctx) => toGraphQLError(() => listNotifications(ctx.deps, ctx.auth, args)),
  },
  Mutation: {
    readNotification: (_, args, ctx) => toGraphQLError(() => readNotification(ctx.deps, ctx.auth, args.id)),
  },
};

export const notificationsGraphQL: GraphQLModule<typeof notificationsQuery, typeof notificationsMutation> = {
  query: notificationsQuery,
  mutation: notificationsMutation,
  resolvers: notificationsResolvers,
};
