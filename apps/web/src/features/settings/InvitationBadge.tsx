// A member's login as the staff pages show it (issue 29): activated, invitation sent and until when,
// expired, or none sent.
import { Badge } from '@mantine/core';
import { formatDate } from '@nursery/domain/common';
import type { Invitation } from '@nursery/domain/settings';
import { useTranslation } from 'react-i18next';

export function InvitationBadge({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation();
  const { state, sentAt, expiresAt } = invitation;
  const [color, text] =
    state === 'activated'
      ? ['green', t('staff-admin-invitation-activated')]
      : state === 'expired'
        ? ['orange', t('staff-admin-invitation-expired')]
        : state === 'pending' && sentAt && expiresAt
          ? [
              'blue',
              t('staff-admin-invitation-pending', {
                sent: formatDate(sentAt),
                expires: formatDate(expiresAt),
              }),
            ]
          : ['gray', t('staff-admin-invitation-none')];
  return (
    <Badge color={color} variant="light" tt="none" fw={500} data-qa="staff-invitation" data-state={state}>
      {text}
    </Badge>
  );
}
