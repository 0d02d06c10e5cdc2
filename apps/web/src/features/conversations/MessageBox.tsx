// The message box of both screens (issue 31): what is typed stays on the device until it is sent
// (messageDraft.ts); the spec's messages for a required field and the length limit; sending needs a
// connection, and offline the box says so and keeps the text.
import { Button, Stack, Text, Textarea } from '@mantine/core';
import { isMessageKey } from '@nursery/domain/common';
import { MESSAGE_TEXT_MAX } from '@nursery/domain/home';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, OfflineIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { isApiError } from '../../lib/api';
import { useIsOffline } from '../../lib/connectivity';
import classes from './Conversations.module.css';
import { readMessageDraft, writeMessageDraft } from './messageDraft';

export function MessageBox<T>({
  draftKey,
  label,
  onSend,
  onSent,
  qa,
}: {
  draftKey: string;
  label: string;
  onSend: (text: string) => Promise<T>;
  onSent: (answer: T) => void;
  qa: string;
}) {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const [text, setText] = useState(() => readMessageDraft(draftKey));
  const [tried, setTried] = useState(false);
  const countId = useId();
  const trimmed = text.trim();
  const problem =
    trimmed.length > MESSAGE_TEXT_MAX
      ? t('this-field-has-max-length-of', { limit: String(MESSAGE_TEXT_MAX) })
      : tried && trimmed.length === 0
        ? t('this-field-is-required')
        : null;
  const send = useMutation({
    mutationFn: () => onSend(trimmed),
    onSuccess: (answer) => {
      writeMessageDraft(draftKey, '');
      setText('');
      setTried(false);
      onSent(answer);
    },
  });
  const change = (value: string) => {
    setText(value);
    writeMessageDraft(draftKey, value);
  };
  const submit = () => {
    setTried(true);
    if (trimmed.length === 0 || trimmed.length > MESSAGE_TEXT_MAX || offline) return;
    send.mutate();
  };
  const failure = send.error
    ? isApiError(send.error) && isMessageKey(send.error.code)
      ? t(send.error.code)
      : send.error.message
    : null;
  return (
    <Stack
      gap="xs"
      component="form"
      data-qa={qa}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Textarea
        label={label}
        value={text}
        onChange={(e) => change(e.currentTarget.value)}
        autosize
        minRows={3}
        maxRows={12}
        error={problem}
        aria-describedby={countId}
        data-qa={`${qa}-text`}
      />
      <Text size="xs" c="dimmed" id={countId} data-qa={`${qa}-count`}>
        {t('conversation-message-count', { count: trimmed.length, limit: String(MESSAGE_TEXT_MAX) })}
      </Text>
      {offline && (
        <Notice color="yellow" icon={<OfflineIcon />} qa={`${qa}-offline`}>
          {t('conversation-offline-send')}
        </Notice>
      )}
      {failure && !send.isPending && (
        <Notice color="red" icon={<AlertIcon />} role="alert" qa={`${qa}-failed`}>
          {t('conversation-send-failed', { message: failure })}
        </Notice>
      )}
      <div className={classes.actions}>
        <Button type="submit" loading={send.isPending} disabled={offline} data-qa={`${qa}-send`}>
          {t('conversation-send')}
        </Button>
      </div>
    </Stack>
  );
}
