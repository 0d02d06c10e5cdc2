// The comment thread of an event (issue 31): oldest first, the author with their photo or initials
// and DD/MM/YYYY HH:mm; a comment is added with POST api/v1/events/{id}/comments and appended at once.
// What is being typed is kept on the device (commentDraft.ts) and sent only when online.
import { Box, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import type { getProfilePhoto } from '@nursery/domain/account';
import { formatDate, formatTime, routes } from '@nursery/domain/common';
import type { EventV3Comment } from '@nursery/domain/events';
import { EVENT_COMMENT_MAX } from '@nursery/domain/home';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChildAvatar } from '../../../components/ChildAvatar';
import { AlertIcon, CheckIcon, OfflineIcon } from '../../../components/icons';
import { Notice } from '../../../components/Notice';
import { routeUrl } from '../../../lib/api';
import { useIsOffline } from '../../../lib/connectivity';
import { useSession } from '../../auth';
import { timelineApi } from '../api';
import { commentDraftKey, readCommentDraft, writeCommentDraft } from '../commentDraft';

const ownPhotoUrl = (personID: number) =>
  routeUrl<typeof getProfilePhoto>(routes.getProfilePhoto, { params: { personID } });

export interface CommentThreadProps {
  eventID: number;
  comments: readonly EventV3Comment[];
  /** The site's zone for the dates. */
  timeZone: string;
  /** A comment the server stored: the drawer appends it to its copy of the thread. */
  onAdded: (comment: EventV3Comment) => void;
}

export function CommentThread({ eventID, comments, timeZone, onAdded }: CommentThreadProps) {
  const { t } = useTranslation();
  const { me } = useSession();
  const offline = useIsOffline();
  const headingID = useId();
  const key = commentDraftKey(me.userID, eventID);
  const [draft, setDraft] = useState(() => ({ key, text: readCommentDraft(key) }));
  // Another event in the drawer (prev/next): its own kept text.
  const current = draft.key === key ? draft : { key, text: readCommentDraft(key) };
  if (current !== draft) setDraft(current);
  const [sent, setSent] = useState(false);

  const send = useMutation({
    mutationFn: (text: string) => timelineApi.comment(eventID, text),
    onSuccess: (answer) => {
      // The answer is the stored comment in the thread's shape: appended as it is.
      onAdded({ id: answer.id, text: answer.text, created: answer.created, author: answer.author });
      writeCommentDraft(key, '');
      setDraft({ key, text: '' });
      setSent(true);
    },
  });
  useEffect(() => {
    if (!sent) return undefined;
    const timer = setTimeout(() => setSent(false), 4000);
    return () => clearTimeout(timer);
  }, [sent]);

  const change = (text: string) => {
    writeCommentDraft(key, text);
    setDraft({ key, text });
    setSent(false);
  };
  const text = current.text;
  const canSend = !offline && text.trim() !== '' && !send.isPending;

  return (
    <Box component="section" aria-labelledby={headingID} data-qa="comments" data-print="hide">
      <Title order={3} fz="h5" id={headingID} mb="xs">
        {t('comments-title')}
      </Title>
      {comments.length === 0 ? (
        <Text size="sm" c="dimmed" data-qa="comments-empty">
          {t('comments-empty')}
        </Text>
      ) : (
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} data-qa="comments-list">
          {comments.map((c) => (
            <Group component="li" key={c.id} gap="sm" align="flex-start" wrap="nowrap" data-qa="comment">
              <ChildAvatar
                child={{
                  id: c.author.personID,
                  forename: c.author.forename,
                  surname: c.author.surname,
                  // The server serves one's own photo only: others show their initials.
                  hasImage: c.author.hasImage && c.author.personID === me.personID,
                }}
                photoUrl={ownPhotoUrl}
                small
              />
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs" align="baseline">
                  <Text fw={700} size="sm" data-qa="comment-author">
                    {c.author.forename} {c.author.surname}
                  </Text>
                  <Text component="time" dateTime={c.created} size="xs" c="dimmed" data-qa="comment-when">
                    {formatDate(c.created, timeZone)} {formatTime(c.created, timeZone)}
                  </Text>
                </Group>
                <Text
                  size="sm"
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  data-qa="comment-text"
                >
                  {c.text}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}

      <Stack gap="xs" mt="md">
        <Textarea
          label={t('comments-new')}
          value={text}
          onChange={(e) => change(e.currentTarget.value)}
          maxLength={EVENT_COMMENT_MAX}
          autosize
          minRows={2}
          maxRows={8}
          description={text !== '' ? t('comments-kept') : undefined}
          data-qa="comment-input"
        />
        {offline && (
          <Notice color="orange" icon={<OfflineIcon />} qa="comments-offline">
            {t('comments-offline')}
          </Notice>
        )}
        {send.isError && (
          <Notice color="red" icon={<AlertIcon />} role="alert" qa="comments-failed">
            {t('comments-failed', { message: send.error.message })}
          </Notice>
        )}
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite" data-qa="comments-status">
            {sent && (
              <>
                <CheckIcon size={16} /> {t('comments-sent')}
              </>
            )}
          </Text>
          <Button
            onClick={() => send.mutate(text.trim())}
            disabled={!canSend}
            loading={send.isPending}
            loaderProps={{ 'aria-label': t('comments-sending') }}
            data-qa="comment-send"
          >
            {t('comments-send')}
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
