// The details pane of the All staff tab (spec 002 §2): the member's profile (job title, start date,
// home site and room), roles, shifts on the register's date (times, breaks, status) and contacts.
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@nursery/domain/common';
import type { StaffContact, StaffRegisterMember } from '@nursery/domain/registers';
import { useTranslation } from 'react-i18next';
import { ChildAvatar } from '../../components/ChildAvatar';
import personRows from '../../components/PersonRows.module.css';
import { shiftTimes } from './AllStaffTab';
import classes from './StaffRegisterPage.module.css';
import { breakText } from './staffRegisterView';
import { ShiftBadge } from './TimesTab';

function Field({ label, value, qa }: { label: string; value: string | null; qa: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" data-qa={qa}>
        {value ?? t('staff-register-not-known')}
      </Text>
    </div>
  );
}

function ContactCard({ contact }: { contact: StaffContact }) {
  const { t } = useTranslation();
  const phones = [
    ['staff-register-tel-mobile', contact.telmob],
    ['staff-register-tel-home', contact.telhome],
    ['staff-register-tel-work', contact.telwork],
  ] as const;
  const address = [
    contact.address1,
    contact.address2,
    contact.address3,
    contact.address4,
    contact.address5,
    contact.postCode,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Stack gap={4} data-qa="staff-details-contact">
      <Text fw={600} size="sm">
        {[contact.title, contact.forename, contact.surname].filter(Boolean).join(' ')} ({contact.type})
      </Text>
      {phones.map(
        ([key, number]) =>
          number && (
            <Text size="sm" key={key}>
              {t(key)}:{' '}
              <Anchor href={`tel:${number.replace(/\s+/g, '')}`} inherit className={classes.link}>
                {number}
              </Anchor>
            </Text>
          ),
      )}
      {contact.email && (
        <Text size="sm">
          {t('staff-register-email')}:{' '}
          <Anchor href={`mailto:${contact.email}`} inherit className={classes.link}>
            {contact.email}
          </Anchor>
        </Text>
      )}
      {address && (
        <Text size="sm">
          {t('staff-register-address')}: {address}
        </Text>
      )}
    </Stack>
  );
}

export function StaffDetails({
  member,
  date,
  timeZone,
  siteNames,
  roomNames,
}: {
  member: StaffRegisterMember;
  date: string;
  timeZone: string;
  siteNames: ReadonlyMap<number, string>;
  roomNames: ReadonlyMap<number, string>;
}) {
  const { t } = useTranslation();
  const { profile } = member;
  return (
    <Stack gap="md" data-qa="staff-details" data-staff-id={member.id}>
      <Group gap="sm" wrap="nowrap">
        <ChildAvatar child={member} />
        <Title order={2} fz="h3" data-qa="staff-details-name">
          {member.display}
        </Title>
      </Group>
      <section aria-labelledby="staff-details-profile">
        <Title order={3} fz="md" id="staff-details-profile" mb={4}>
          {t('staff-register-profile')}
        </Title>
        <Stack gap={6}>
          <Field
            label={t('staff-register-job-title')}
            value={profile.jobTitle}
            qa="staff-details-job-title"
          />
          <Field
            label={t('staff-register-start-date')}
            value={profile.startDate ? formatDate(profile.startDate, timeZone) : null}
            qa="staff-details-start-date"
          />
          <Field
            label={t('staff-register-home-site')}
            value={siteNames.get(profile.homeSiteID) ?? null}
            qa="staff-details-home-site"
          />
          <Field
            label={t('staff-register-home-room')}
            value={profile.roomID !== null ? (roomNames.get(profile.roomID) ?? null) : null}
            qa="staff-details-room"
          />
        </Stack>
      </section>
      <section aria-labelledby="staff-details-roles">
        <Title order={3} fz="md" id="staff-details-roles" mb={4}>
          {t('staff-register-roles')}
        </Title>
        <Text size="sm" data-qa="staff-details-role-list">
          {member.roles.length > 0 ? member.roles.join(', ') : t('staff-register-no-roles')}
        </Text>
      </section>
      <section aria-labelledby="staff-details-shifts">
        <Title order={3} fz="md" id="staff-details-shifts" mb={4}>
          {t('staff-register-shifts-on', { date: formatDate(date, timeZone) })}
        </Title>
        {member.shifts.length === 0 ? (
          <Text size="sm">{t('staff-register-no-shift')}</Text>
        ) : (
          <ul className={personRows.stackList}>
            {member.shifts.map((shift) => (
              <li key={shift.id} data-qa="staff-details-shift">
                <Group gap={8}>
                  <ShiftBadge shift={shift} />
                  <Text size="sm" fw={600}>
                    {t('staff-register-times', shiftTimes(shift))}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {shift.room ?? t('staff-register-no-room')}
                  </Text>
                </Group>
                <Text size="sm">
                  {t('staff-register-breaks-total', { minutes: String(shift.breakMins) })}
                  {shift.breaks.length > 0 && ` (${shift.breaks.map(breakText).join(', ')})`}
                </Text>
                {shift.notes && <Text size="sm">{shift.notes}</Text>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="staff-details-contacts">
        <Title order={3} fz="md" id="staff-details-contacts" mb={4}>
          {t('staff-register-contacts')}
        </Title>
        {member.contacts.length === 0 ? (
          <Text size="sm">{t('staff-register-no-contacts')}</Text>
        ) : (
          <Stack gap="sm">
            {member.contacts.map((contact, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: contacts carry no id; the list is fixed
              <ContactCard key={i} contact={contact} />
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}
