// #/conversations/{threadID}/{id} (spec 002 "Links"; issue 31): the thread's child and event, its
// messages oldest first (author, DD/MM/YYYY HH:mm, parents' messages told apart), a reply box that keeps
// what is typed on the device. Shown, it marks the thread read up to {id} and scrolls to that message.
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatDate, formatTime } from '@nursery/domain/common';
import type { ConversationMessage } from '@nursery/domain/home';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { OfflineIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { LoadingLine, RetryAlert } from '../../components/QueryState';
import { isApiError } from '../../lib/api';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useSession } from '../auth';
import { AboutCard } from './AboutCard';
import { conversationKeys, conversationsApi } from './api';
import classes from './Conversations.module.css';
import { MessageBox } from './MessageBox';
import { messageDraftKey } from './messageDraft';
import { conversationsStrings } from './strings';
import { loadedMessages, readTarget, type ThreadPages } from './threadCache';

i18n.addResources(LANGUAGE, 'translation', conversationsStrings);

const idOf = (raw: string | undefined): number | null =>
  raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2 ** 31 - 1 ? Number(raw) : null;

export function Component() {
  const { t } = useTranslation();
  const params = useParams();
  const threadID = idOf(params.threadID);
  const messageID = idOf(params.id);
  const offline = useIsOffline();
  const query = useInfiniteQuery({
    queryKey: conversationKeys.thread(threadID ?? 0),
    queryFn: ({ pageParam, signal }) => conversationsApi.get(threadID!, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: threadID !== null,
    // Others may write while it is open: fresh on opening, and again every half minute.
    staleTime: 0,
    refetchInterval: 30_000,
    retry: (count, error) => !isApiError(error) && count < 1,
  });
  const subject = query.data?.pages[0]?.thread.subject;
  useDocumentTitle(subject ? `${subject} – ${t('app-name')}` : t('app-name'));
  const notFound = threadID === null || isApiError(query.error, 404);
  return (
    <Stack gap="md" maw={800} data-qa="conversation-thread" data-thread-id={threadID ?? undefined}>
      {notFound ? (
        <Notice color="gray" qa="conversation-not-found">
          {t('conversation-not-found')}
        </Notice>
      ) : query.isPending ? (
        offline ? (
          <Notice color="yellow" icon={<OfflineIcon />} qa="conversation-offline">
            {t('conversation-offline-load')}
          </Notice>
        ) : (
          <LoadingLine text={t('conversation-loading')} qa="conversation-loading" />
        )
      ) : query.isError ? (
        <RetryAlert
          message={t('conversation-load-failed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          qa="conversation-load-failed"
        />
      ) : (
        <Thread
          data={query.data}
          messageID={messageID}
          hasMore={query.hasNextPage}
          loadMore={() => void query.fetchNextPage()}
          loadingMore={query.isFetchingNextPage}
        />
      )}
    </Stack>
  );
}

function Thread({
  data,
  messageID,
  hasMore,
  loadMore,
  loadingMore,
}: {
  data: ThreadPages;
  messageID: number | null;
  hasMore: boolean;
  loadMore: () => void;
  loadingMore: boolean;
}) {
  const { t } = useTranslation();
  const { me, site } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const first = data.pages[0]!;
  const { thread } = first;
  const messages = loadedMessages(data);
  const tz = site.timeZone;
  const offline = useIsOffline();
  // The read state as the page opened: others' messages after it are marked New during this visit.
  const readWhenOpened = useRef(data.pages.at(-1)!.lastReadMessageID);

  // Shown: the read mark moves up to the named message (or the last one), once per target.
  const target = readTarget(messages, messageID, data.pages.at(-1)!.lastReadMessageID);
  const markRead = useMutation({
    mutationFn: (id: number) => conversationsApi.markRead(thread.id, id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
  const marked = useRef<number | null>(null);
  useEffect(() => {
    if (target === null || offline || marked.current === target) return;
    marked.current = target;
    markRead.mutate(target);
  }, [target, offline, markRead]);

  // The named message is brought into view (once it is loaded).
  const scrolled = useRef<number | null>(null);
  const named = messageID !== null && messages.some((m) => m.id === messageID);
  useEffect(() => {
    if (!named || scrolled.current === messageID) return;
    scrolled.current = messageID;
    document.getElementById(`message-${messageID}`)?.scrollIntoView({ block: 'center' });
  }, [named, messageID]);

  return (
    <>
      <Title order={1} fz="h2" data-qa="conversation-subject">
        {thread.subject}
      </Title>
      <Text size="sm" c="dimmed">
        {t('conversation-started-by', { name: thread.createdBy, date: formatDate(thread.created, tz) })}
      </Text>
      <AboutCard childID={thread.child.id} child={thread.child} event={thread.event} timeZone={tz} />
      <Group justify="flex-end">
        <Button
          component={Link}
          to={`/view/${thread.event.id}`}
          variant="default"
          data-qa="conversation-event-link"
        >
          {t('conversation-open-event')}
        </Button>
      </Group>
      <section aria-labelledby="conversation-messages">
        <Title order={2} fz="h4" mb="sm" id="conversation-messages">
          {t('conversation-messages')}
        </Title>
        {messages.length === 0 ? (
          <Text c="dimmed" data-qa="conversation-empty">
            {t('conversation-no-messages')}
          </Text>
        ) : (
          <ol className={classes.messages} data-qa="conversation-messages">
            {messages.map((m) => (
              <Message
                key={m.id}
                message={m}
                current={m.id === messageID}
                mine={m.authorPersonID === me.personID}
                unread={m.authorPersonID !== me.personID && m.id > (readWhenOpened.current ?? 0)}
              />
            ))}
          </ol>
        )}
        {hasMore && (
          <Group justify="center" mt="sm">
            <Button variant="default" onClick={loadMore} loading={loadingMore} data-qa="conversation-more">
              {t('conversation-more')}
            </Button>
          </Group>
        )}
      </section>
      {thread.permittedActions.reply ? (
        <MessageBox
          qa="conversation-reply"
          label={t('conversation-reply')}
          draftKey={messageDraftKey(me.userID, { threadID: thread.id })}
          onSend={(text) => conversationsApi.reply(thread.id, text)}
          onSent={async (message) => {
            await queryClient.invalidateQueries({ queryKey: conversationKeys.thread(thread.id) });
            navigate(`/conversations/${thread.id}/${message.id}`, { replace: true });
          }}
        />
      ) : (
        <Notice color="gray" qa="conversation-reply-not-allowed">
          {t('conversation-reply-not-allowed')}
        </Notice>
      )}
    </>
  );
}

function Message({
  message,
  current,
  mine,
  unread,
}: {
  message: ConversationMessage;
  current: boolean;
  mine: boolean;
  unread: boolean;
}) {
  const { t } = useTranslation();
  const { site } = useSession();
  const parent = message.authorKind === 'parent';
  const className = [classes.message, parent ? classes.parent : '', current ? classes.current : '']
    .filter(Boolean)
    .join(' ');
  return (
    <li
      id={`message-${message.id}`}
      className={className}
      data-qa="conversation-message"
      data-message-id={message.id}
      data-author-kind={message.authorKind}
      data-unread={unread}
      aria-current={current ? 'true' : undefined}
    >
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Text fw={700} data-qa="conversation-message-author">
            {mine ? `${message.author} (${t('conversation-you')})` : message.author}
          </Text>
          <Badge
            variant={parent ? 'filled' : 'light'}
            color={parent ? 'yellow.9' : 'gray'}
            tt="none"
            data-qa="conversation-message-kind"
          >
            {t(parent ? 'conversation-author-parent' : 'conversation-author-staff')}
          </Badge>
          {unread && (
            <Badge variant="filled" color="blue.8" tt="none" data-qa="conversation-message-new">
              {t('conversation-new-message')}
            </Badge>
          )}
        </Group>
        <Text
          size="sm"
          c="dimmed"
          component="time"
          dateTime={message.created}
          data-qa="conversation-message-time"
        >
          {formatDate(message.created, site.timeZone)} {formatTime(message.created, site.timeZone)}
        </Text>
      </Group>
      <Text className={classes.text} mt={4} data-qa="conversation-message-text">
        {message.text}
      </Text>
    </li>
  );
}
