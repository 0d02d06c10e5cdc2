// #/child/{childID} (spec 002 §2 "Other screens: Child page", §7 "Child bookings and signatures fetch",
// §8 "Signatures"): the child's name as title, today's bookings (start, then end descending), today's
// signatures per session (the image by its URL; offline or broken, the spec's messages) and the
// child's open reminders. A load failure shows an alert.
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatDate, routes } from '@nursery/domain/common';
import type { ChildSignature, ChildTodayAnswer, getChildToday } from '@nursery/domain/events';
import type { RegisterSession } from '@nursery/domain/registers';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AlertIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { LoadingLine, RetryAlert } from '../../components/QueryState';
import { callRoute } from '../../lib/api';
import { useIsOffline } from '../../lib/connectivity';
import { formatClockTime } from '../../lib/format';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useSession } from '../auth';
import classes from './ChildPage.module.css';
import { childPageStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', childPageStrings);

const fetchToday = (childID: number, signal?: AbortSignal) =>
  callRoute<typeof getChildToday>(routes.getChildToday, { params: { childID }, signal });

/** A signature's image: offline → 'signature-offline'; a broken image → 'signature-display-error'. */
function SignatureImage({ signature, typeName }: { signature: ChildSignature; typeName: string }) {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const [broken, setBroken] = useState(!signature.hasImage);
  const name = `${signature.forename} ${signature.surname}`;
  if (offline)
    return (
      <Text size="sm" c="orange.9" data-qa="child-signature-offline">
        {t('signature-offline')}
      </Text>
    );
  if (broken)
    return (
      <Text size="sm" c="red.9" data-qa="child-signature-broken">
        {t('signature-display-error')}
      </Text>
    );
  return (
    <img
      className={classes.signature}
      src={signature.url}
      alt={t('child-page-signature-alt', { type: typeName, name })}
      onError={() => setBroken(true)}
      data-qa="child-signature-image"
    />
  );
}

function SessionSignatures({ session, data }: { session: RegisterSession; data: ChildTodayAnswer }) {
  const { t } = useTranslation();
  const { site } = useSession();
  const signatures = data.signatures.filter((s) => s.comboIDs.includes(session.comboID));
  if (signatures.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('child-page-no-signatures')}
      </Text>
    );
  return (
    <ul className={classes.signatures}>
      {signatures.map((s) => (
        <li key={s.id} data-qa="child-signature" data-signature-id={s.id}>
          <Text size="sm" fw={600}>
            {t('child-page-signature-by', {
              type: s.typeName,
              name: `${s.forename} ${s.surname}`,
              time: formatClockTime(new Date(s.created), site.timeZone),
            })}
          </Text>
          <SignatureImage signature={s} typeName={s.typeName} />
        </li>
      ))}
    </ul>
  );
}

/** The session's state (the domain's sessionState; restated so this chunk shares nothing new with Home). */
const stateOf = (s: RegisterSession) =>
  s.isOff ? 'off' : s.actualEnd ? 'left' : s.actualStart ? 'in' : ('due' as const);

export function Component() {
  const { t } = useTranslation();
  const params = useParams();
  const childID = Number(params.childID);
  const valid = Number.isInteger(childID) && childID > 0;
  const query = useQuery({
    queryKey: ['child-today', childID],
    queryFn: ({ signal }) => fetchToday(childID, signal),
    enabled: valid,
    retry: 1,
  });
  const data = query.data;
  const name = data ? `${data.child.forename} ${data.child.surname}` : t('child-page-title');
  useDocumentTitle(`${name} – ${t('app-name')}`);

  return (
    <Stack
      gap="md"
      maw={900}
      data-qa="child-page"
      data-status={data ? 'loaded' : query.isError ? 'error' : 'loading'}
    >
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz="h2" data-qa="child-page-title">
          {name}
        </Title>
        <Anchor component={Link} to="/register" fw={600} className={classes.back} data-qa="child-page-back">
          {t('child-page-back')}
        </Anchor>
      </Group>
      {!valid || query.isError ? (
        <RetryAlert
          message={t('child-page-load-failed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          qa="child-page-error"
          retryQa="child-page-retry"
        />
      ) : !data ? (
        <LoadingLine text={t('child-page-loading')} qa="child-page-loading" />
      ) : (
        <>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="child-bookings">
            <Title order={2} fz="h4" id="child-bookings" mb="sm">
              {t('child-page-bookings')} ({formatDate(data.date)})
            </Title>
            {data.bookings.length === 0 ? (
              <Text size="sm">{t('child-page-no-bookings')}</Text>
            ) : (
              <ul className={classes.bookings}>
                {data.bookings.map((b) => (
                  <li
                    key={b.bookingID}
                    className={classes.booking}
                    data-qa="child-booking"
                    data-combo-id={b.comboID}
                  >
                    <Text fw={700} component="h3" fz="md" m={0}>
                      {b.comboName} {b.start}–{b.end}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t(`child-page-status-${stateOf(b)}`)}
                      {b.actualStart ? ` · ${b.actualStart}` : ''}
                      {b.actualEnd ? `–${b.actualEnd}` : ''}
                    </Text>
                    <Title order={4} fz="sm" mt="xs" mb={4}>
                      {t('child-page-signatures')}
                    </Title>
                    <SessionSignatures session={b} data={data} />
                  </li>
                ))}
              </ul>
            )}
          </Paper>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="child-reminders">
            <Title order={2} fz="h4" id="child-reminders" mb="sm">
              {t('child-page-reminders')}
            </Title>
            {data.reminders.length === 0 ? (
              <Text size="sm">{t('child-page-no-reminders')}</Text>
            ) : (
              <ul className={classes.reminders} data-qa="child-reminders">
                {data.reminders.map((r) => (
                  <li key={r.id} data-qa="child-reminder">
                    <Text size="sm">{r.notes}</Text>
                    {r.due && (
                      <Text size="xs" c="dimmed">
                        {t('child-page-due', { date: formatDate(new Date(r.due)) })}
                      </Text>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Paper>
          {query.isError && (
            <Notice color="red" icon={<AlertIcon />} role="alert" qa="child-page-refresh-failed">
              {t('child-page-load-failed')}
            </Notice>
          )}
        </>
      )}
    </Stack>
  );
}
