// #/staff/{id} (spec 002 "Other screens", issue 29): a member of staff, titled with their forename and
// surname (and title), with their key children as photo tiles (name, age, room) that open the child page. Every
// author link (the drafts cards) leads here. With editStaff the name is edited here (StaffNameForm).
import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ageLabel } from '@nursery/domain/children';
import { todayInZone } from '@nursery/domain/common';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ChildAvatar } from '../../components/ChildAvatar';
import { OfflineIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { LoadingLine, RetryAlert } from '../../components/QueryState';
import { ApiError } from '../../lib/api';
import { now } from '../../lib/clock';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useSession } from '../auth';
import { childPhotoUrl } from '../children';
import { useSiteChildren } from '../events';
import { staffApi } from './api';
import { StaffNameForm } from './StaffNameForm';
import classes from './StaffPage.module.css';
import { staffPageStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', staffPageStrings);

export function Component() {
  const { t } = useTranslation();
  const staffID = Number(useParams().id);
  const valid = Number.isInteger(staffID) && staffID > 0 && staffID <= 2 ** 31 - 1;
  const offline = useIsOffline();
  const query = useQuery({
    queryKey: ['staff', staffID] as const,
    queryFn: ({ signal }) => staffApi.get(staffID, signal),
    enabled: valid,
    retry: (count, error) => !(error instanceof ApiError) && count < 1,
  });
  const member = query.data;
  const name = member ? [member.title, member.forename, member.surname].filter(Boolean).join(' ') : '';
  useDocumentTitle(member ? `${name} – ${t('app-name')}` : t('app-name'));
  const notFound = !valid || (query.error instanceof ApiError && query.error.status === 404);
  return (
    <Stack gap="md" maw={1000} data-qa="staff-page">
      {member && (
        <Title order={1} fz="h2" data-qa="staff-page-name">
          {name}
        </Title>
      )}
      {notFound ? (
        <Notice color="gray" qa="staff-page-not-found">
          {t('staff-page-not-found')}
        </Notice>
      ) : query.isPending ? (
        offline ? (
          <Notice color="yellow" icon={<OfflineIcon />} qa="staff-page-offline">
            {t('staff-page-offline')}
          </Notice>
        ) : (
          <LoadingLine text={t('staff-page-loading')} />
        )
      ) : query.isError ? (
        <RetryAlert
          message={t('staff-page-load-failed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          qa="staff-page-load-failed"
        />
      ) : (
        <>
          {member!.permittedActions.edit && <StaffNameForm key={name} member={member!} />}
          <KeyChildren ids={member!.keyChildren} />
        </>
      )}
    </Stack>
  );
}

function KeyChildren({ ids }: { ids: readonly number[] }) {
  const { t } = useTranslation();
  const { site } = useSession();
  const children = useSiteChildren(site.id).data ?? [];
  const today = todayInZone(now());
  const rooms = new Map(site.rooms.map((r) => [r.id, r.name]));
  const byId = new Map(children.map((c) => [c.id, c]));
  return (
    <section aria-labelledby="staff-page-key-children">
      <Title order={2} fz="h4" mb="sm" id="staff-page-key-children">
        {t('staff-page-key-children')}
      </Title>
      {ids.length === 0 ? (
        <Text c="dimmed" data-qa="staff-page-no-key-children">
          {t('staff-page-no-key-children')}
        </Text>
      ) : (
        <ul className={classes.children}>
          {ids.map((id) => {
            const child = byId.get(id);
            return (
              <li key={id}>
                <Link
                  to={`/child/${id}`}
                  className={classes.tile}
                  data-qa="staff-page-child"
                  data-child-id={id}
                >
                  {child && <ChildAvatar child={child} photoUrl={childPhotoUrl} small />}
                  <div>
                    <Text fw={600}>{child ? `${child.forename} ${child.surname}` : `#${id}`}</Text>
                    <Text size="sm" c="dimmed">
                      {child
                        ? [ageLabel(child.dob, today), child.roomID !== null ? rooms.get(child.roomID) : null]
                            .filter(Boolean)
                            .join(' · ')
                        : t('staff-page-child-elsewhere')}
                    </Text>
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
