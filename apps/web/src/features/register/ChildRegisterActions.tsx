// The selected child's register actions in the side panel: capture signature (spec 002 §2, §5) and the
// child's pending drop-off/pick-up requests ('Confirm drop off/pick up at {time}').
import { Button, Stack } from '@mantine/core';
import type { RegisterAnswer, RegisterChild } from '@nursery/domain/registers';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsOffline } from '../../lib/connectivity';
import { useSession } from '../auth';
import { AttendanceRequestActions } from './AttendanceRequestAction';
import { showRegisterToast } from './registerToast';
import { withSignature } from './registerView';
import { SignatureModal } from './SignatureModal';
import { signatureKeys } from './signatureApi';

export function ChildRegisterActions({
  child,
  date,
  today,
  onChange,
}: {
  child: RegisterChild;
  date: string;
  today: string;
  onChange: (update: (answer: RegisterAnswer) => RegisterAnswer) => void;
}) {
  const { t } = useTranslation();
  const { site } = useSession();
  const offline = useIsOffline();
  const queryClient = useQueryClient();
  const [signing, setSigning] = useState(false);
  const bookable = child.sessions.some((s) => !s.isOff);
  return (
    <Stack gap="xs" data-qa="register-child-actions">
      {date === today && (
        <Button
          mih={44}
          variant="light"
          disabled={offline || !bookable}
          onClick={() => setSigning(true)}
          data-qa="register-capture-signature"
        >
          {t('register-capture-signature')}
        </Button>
      )}
      {date === today && (
        <AttendanceRequestActions
          siteID={site.id}
          date={date}
          childID={child.id}
          canDecide={true}
          onSessions={onChange}
        />
      )}
      {signing && (
        <SignatureModal
          child={child}
          date={date}
          onClose={() => setSigning(false)}
          onSaved={(signature) => {
            setSigning(false);
            onChange((current) => withSignature(current, signature));
            void queryClient.invalidateQueries({ queryKey: signatureKeys.childToday(child.id) });
            showRegisterToast('signature-saved', t('register-signature-saved'));
          }}
        />
      )}
    </Stack>
  );
}
