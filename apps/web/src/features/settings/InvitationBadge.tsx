// A member's login as the staff pages show it (dark text: the light badges failed the contrast check) (issue 29): activated, invitation sent and until when,
// expired, or none sent.
import { Text } from '@mantine/core';
import { formatDate } from '@nursery/domain/common';
import type { Invitation } from '@nursery/domain/settings';
import { useTranslation } from 'react-i18next';

export function InvitationBadge({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation();
  const { state, sentAt, expiresAt } = invitation;
  const [color, text] =
    state === 'activated'
      ? ['inherit', t('staff-admin-invitation-activated')]
      : state === 'expired'
        ? ['red.9', t('staff-admin-invitation-expired')]
        : state === 'pending' && sentAt && expiresAt
          ? [
              'blue.9',
              t('staff-admin-invitation-pending', {
                sent: formatDate(sentAt),
                expires: formatDate(expiresAt),
              }),
            ]
          : ['dimmed', t('staff-admin-invitation-none')];
  return (
    <Text span size="sm" fw={600} c={color} data-qa="staff-invitation" data-state={state}>
      {text}
    </Text>
  );
}
