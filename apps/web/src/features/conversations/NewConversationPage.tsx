// #/conversations/new?childID=&eventID=&itemIDs= (spec 000 §2, §6 sendMessages; issue 31): the child's
// photo tile, the event it is about and a message box; Send starts the thread and opens its page.
import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notesExcerpt, parseConversationStart } from '@nursery/domain/home';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { OfflineIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { LoadingLine, RetryAlert } from '../../components/QueryState';
import { isApiError } from '../../lib/api';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useSession } from '../auth';
import { eventDetailQuery, useSiteChildren } from '../events';
import { AboutCard } from './AboutCard';
import { conversationKeys, conversationsApi } from './api';
import { MessageBox } from './MessageBox';
import { messageDraftKey } from './messageDraft';
import { conversationsStrings } from './strings';
import { firstPageData } from './threadCache';

i18n.addResources(LANGUAGE, 'translation', conversationsStrings);

export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('conversation-new-title')} – ${t('app-name')}`);
  const start = parseConversationStart(useLocation().search);
  return (
    <Stack gap="md" maw={800} data-qa="conversation-new">
      <Title order={1} fz="h2">
        {t('conversation-new-title')}
      </Title>
      {start ? (
        <StartForm start={start} />
      ) : (
        <Notice color="gray" qa="conversation-new-invalid">
          {t('conversation-new-invalid')}
        </Notice>
      )}
    </Stack>
  );
}

function StartForm({ start }: { start: { childID: number; eventID: number; itemIDs: string[] } }) {
  const { t } = useTranslation();
  const { config, me, site } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const offline = useIsOffline();
  const children = useSiteChildren(site.id);
  const event = useQuery({
    ...eventDetailQuery(start.eventID),
    retry: (count, error) => !isApiError(error) && count < 1,
  });
  const child = children.data?.find((c) => c.id === start.childID) ?? null;
  const rooms = new Map(site.rooms.map((r) => [r.id, r.name]));
  const typeName = event.data
    ? (config.eventTypes.find((x) => x.id === event.data.typeID)?.value ?? `#${event.data.typeID}`)
    : '';

  if (event.isPending) {
    return offline ? (
      <Notice color="yellow" icon={<OfflineIcon />} qa="conversation-offline">
        {t('conversation-offline-load')}
      </Notice>
    ) : (
      <LoadingLine text={t('conversation-loading')} qa="conversation-loading" />
    );
  }
  if (event.isError) {
    return isApiError(event.error, 404) ? (
      <Notice color="gray" qa="conversation-new-not-found">
        {t('conversation-new-not-allowed')}
      </Notice>
    ) : (
      <RetryAlert
        message={t('conversation-load-failed')}
        onRetry={() => void event.refetch()}
        retrying={event.isFetching}
        qa="conversation-load-failed"
      />
    );
  }
  const allowed = event.data.mayStartConversation && event.data.childID === start.childID;
  return (
    <>
      <AboutCard
        childID={start.childID}
        child={
          child && {
            ...child,
            hasImage: child.hasImage ?? false,
            roomName: child.roomID !== null ? (rooms.get(child.roomID) ?? null) : null,
          }
        }
        event={{ typeName, raised: event.data.raised, notesExcerpt: notesExcerpt(event.data.notes) }}
        timeZone={site.timeZone}
      />
      {allowed ? (
        <MessageBox
          qa="conversation-start"
          label={t('conversation-message')}
          draftKey={messageDraftKey(me.userID, { eventID: start.eventID, childID: start.childID })}
          onSend={(text) => conversationsApi.start({ ...start, text })}
          onSent={(answer) => {
            queryClient.setQueryData(conversationKeys.thread(answer.thread.id), firstPageData(answer));
            void queryClient.invalidateQueries({ queryKey: conversationKeys.all, refetchType: 'none' });
            navigate(`/conversations/${answer.thread.id}/${answer.messages.at(-1)?.id ?? ''}`, {
              replace: true,
            });
          }}
        />
      ) : (
        <Notice color="gray" qa="conversation-new-not-allowed">
          {t('conversation-new-not-allowed')}
        </Notice>
      )}
    </>
  );
}
