/**
 * #/add, #/capture, #/edit/{id}, #/edit/{id1,id2,...} and #/edit/multi (spec 000 §2). Loads what the
 * form needs in one parallel wave (the event, the site's children, the frameworks), picks the type,
 * and after a save revisits add with the created flag or stays on / steps through the edited events.
 */
import { Alert, Anchor, Button, CloseButton, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { EventTypeConfig } from '@nursery/domain/account';
import { isSpotlightTag } from '@nursery/domain/events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { isApiError } from '../../lib/api';
import { now } from '../../lib/clock';
import { useIsOffline } from '../../lib/connectivity';
import { translateKey } from '../../lib/i18n';
import { useSession } from '../auth';
import { addableTypes, medicationRecordPath } from './addableTypes';
import { EditorTitle, EventEditor, type SaveOutcome } from './EventEditor';
import { formFromAnswer, newForm, restAnswer } from './form/model';
import { lastCodeFor } from './lastCode';
import { eventKeys, useEventDetail, useFrameworks, useSiteChildren } from './queries';
import { createdUrl, type EditorRoute, multiStepUrl, parseEditorRoute } from './routeParams';
import { addEventScreenStrings } from './screenStrings';

addEventScreenStrings();

export function Component() {
  const { t } = useTranslation();
  const { ids } = useParams();
  const [search] = useSearchParams();
  const route = parseEditorRoute(ids, search);
  useDocumentTitle(
    `${route.mode === 'add' ? t('event-add-title') : t('event-edit-title')} – ${t('app-name')}`,
  );
  const location = useLocation();
  // Each visit of add (also after a save) starts a fresh form; dismissing the saved notice keeps it.
  const formKey = (location.state as { formKey?: string } | null)?.formKey ?? location.key;
  return route.mode === 'add' ? (
    <AddEvent key={formKey} formKey={formKey} route={route} />
  ) : (
    <EditEvent route={route} />
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Group justify="center" p="xl" data-qa="event-loading">
      <Loader />
      <Text c="dimmed">{t('loading')}</Text>
    </Group>
  );
}

/**
 * What the screen needs could not be read: the server's answer (not found, refused), or no network and
 * no copy on this device (issue 13: the offline preparation after login normally leaves one).
 */
function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const notFound = isApiError(error, 404);
  const notOnDevice = !isApiError(error) && offline;
  return (
    <LoadFailedAlert
      title={
        notFound ? t('event-not-found') : notOnDevice ? t('offline-not-on-device') : t('event-load-failed')
      }
      notFound={notFound}
      notOnDevice={notOnDevice}
      retry={retry}
      qa="event-load-error"
    />
  );
}

function TypeTabs({
  types,
  value,
  onChange,
  disabled,
}: {
  types: EventTypeConfig[];
  value: number;
  onChange?: (type: EventTypeConfig) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={String(value)}
      onChange={(v) => {
        const next = types.find((x) => String(x.id) === v);
        if (next && onChange) onChange(next);
      }}
      variant="pills"
      radius="md"
      keepMounted={false}
    >
      <Tabs.List aria-label={t('event-type-tabs')} data-qa="event-tabs">
        {types.map((type) => (
          <Tabs.Tab
            key={type.id}
            value={String(type.id)}
            disabled={disabled && type.id !== value}
            data-qa={`event-tab-${type.tag}`}
            data-type-id={type.id}
            fz="md"
          >
            {type.value}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

function CreatedNotice({ route, formKey }: { route: EditorRoute; formKey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const ref = useRef<HTMLDivElement>(null);
  const shown = route.created !== null;
  // After a save, focus lands on the confirmation (screen readers read it; the form is below).
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  if (!route.created) return null;
  const status = search.get('status') ?? '';
  const dismiss = () => {
    const next = new URLSearchParams(search);
    for (const k of ['created', 'message', 'draft', 'count', 'status']) next.delete(k);
    // The same form stays (what is typed for the next event is kept).
    navigate(`/add?${next.toString()}`, { replace: true, state: { keepForm: true, formKey } });
  };
  return (
    <Alert ref={ref} tabIndex={-1} color="green" variant="light" data-qa="event-created" role="status">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4}>
          <Text fw={600}>
            {translateKey(route.created.message, { status })}
            {route.created.count > 1 ? ` ${t('event-created-count', { count: route.created.count })}` : ''}
          </Text>
          {route.created.draftID !== null && (
            <Anchor component={Link} to={`/edit/${route.created.draftID}`} data-qa="event-created-link">
              {t('event-created-open')}
            </Anchor>
          )}
        </Stack>
        <CloseButton aria-label={t('close')} onClick={dismiss} />
      </Group>
    </Alert>
  );
}

function AddEvent({ route, formKey }: { route: EditorRoute; formKey: string }) {
  const session = useSession();
  const { site, me } = session;
  const navigate = useNavigate();
  const children = useSiteChildren(site.id);
  const frameworks = useFrameworks(site.id);
  const types = useMemo(() => addableTypes(session), [session]);
  const [typeID, setTypeID] = useState(route.typeID);
  const type = types.find((x) => x.id === typeID) ?? types[0] ?? null;
  // The page is keyed by the location, so each visit (also after a save) starts a fresh form.
  const [initial] = useState(() =>
    newForm({
      kind: 'events',
      now: now(),
      timeZone: site.timeZone,
      type,
      // The route's code, else the code this user saved last for the type (issue 13).
      codeID: route.codeID ?? lastCodeFor(me.userID, type?.id ?? null),
      childIDs: route.childIDs,
    }),
  );

  const routeTag = session.config.eventTypes.find((x) => x.id === route.typeID)?.tag;
  const medicationPath = medicationRecordPath(routeTag, null);
  if (medicationPath) return <Navigate to={medicationPath} replace />;
  if (!type) return <Navigate to="/" replace />;
  if (children.isPending) return <Loading />;
  // A failed refresh of children the device holds (offline) keeps the device's copy.
  if (!children.data) return <LoadError error={children.error} retry={() => void children.refetch()} />;
  const known = new Set(children.data.map((c) => c.id));

  const onSaved = ({ saved, offline }: SaveOutcome) => {
    // Offline the save waits in the outbox: its message says so, and there is no draft id to link.
    const message = offline ?? saved[0]?.message;
    navigate(
      createdUrl({
        typeID: type.id,
        message: message?.key ?? 'saved-to-drafts',
        params: message?.params,
        eventIDs: saved.map((s) => s.id),
      }),
    );
    window.scrollTo({ top: 0 });
  };

  return (
    <EventEditor
      type={type}
      initial={{ ...initial, childIDs: initial.childIDs.filter((id) => known.has(id)) }}
      event={null}
      siteChildren={children.data}
      frameworks={frameworks.data}
      onSaved={onSaved}
      onDeleted={() => navigate('/')}
      onTypeChange={setTypeID}
      header={
        <Stack gap="sm">
          <EditorTitle isNew />
          <CreatedNotice route={route} formKey={formKey} />
          <TypeTabs types={types} value={type.id} onChange={(next) => setTypeID(next.id)} disabled={false} />
        </Stack>
      }
    />
  );
}

function EditEvent({ route }: { route: EditorRoute }) {
  const { t } = useTranslation();
  const session = useSession();
  const { site, config } = session;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = route.ids[route.index] ?? null;
  const event = useEventDetail(id);
  const children = useSiteChildren(site.id);
  const frameworks = useFrameworks(site.id);
  const offline = useIsOffline();

  if (id === null) return <Navigate to="/" replace />;
  // The device's copy of the event (issue 13) is for offline: online an edit starts from the stored
  // version (it guards the PUT), so the screen waits for this visit's fetch.
  const refreshing = event.isFetching && !event.isFetchedAfterMount && !offline;
  if (event.isPending || children.isPending || refreshing) return <Loading />;
  // The server's answer (not found, refused) wins; no network keeps the device's copy when there is one.
  if (event.isError && (isApiError(event.error) || !event.data))
    return <LoadError error={event.error} retry={() => void event.refetch()} />;
  if (!children.data) return <LoadError error={children.error} retry={() => void children.refetch()} />;

  const detail = event.data;
  const type = config.eventTypes.find((x) => x.id === detail.typeID);
  if (!type) return <LoadError error={null} retry={() => void event.refetch()} />;
  if (isSpotlightTag(type.tag)) return <Navigate to={`/events/${route.ids.join(',')}`} replace />;
  const medicationPath = medicationRecordPath(type.tag, detail.id);
  if (medicationPath) return <Navigate to={medicationPath} replace />;
  const multi = route.ids.length > 1;
  const addable = addableTypes(session);
  const tabTypes = addable.some((x) => x.id === type.id) ? addable : [...addable, type];

  const onSaved = ({ saved, offline }: SaveOutcome) => {
    const first = offline ?? saved[0]?.message;
    if (first) {
      notifications.show({
        color: offline ? 'blue' : 'green',
        message: translateKey(first.key, first.params),
        autoClose: offline ? 8000 : 4000,
      });
    }
    if (multi && route.index < route.ids.length - 1) {
      navigate(multiStepUrl(route, route.index + 1));
      return;
    }
    // Stay: reload the stored event, so a change of editability (or status) shows at once.
    void queryClient.invalidateQueries({ queryKey: eventKeys.detail(detail.id) });
  };

  const header = (
    <Stack gap="sm">
      <Group justify="space-between" align="center">
        <EditorTitle isNew={false} />
        {multi && (
          <Group gap="xs" data-qa="event-multi-nav">
            <Button
              component={Link}
              to={multiStepUrl(route, route.index - 1)}
              variant="default"
              size="sm"
              leftSection={<ChevronLeftIcon size={16} />}
              disabled={route.index === 0}
              data-disabled={route.index === 0 || undefined}
              onClick={(e: React.MouseEvent) => route.index === 0 && e.preventDefault()}
              data-qa="event-multi-previous"
            >
              {t('previous')}
            </Button>
            <Text fw={600} data-qa="event-multi-position">
              {t('event-multi-position', { i: String(route.index + 1), n: String(route.ids.length) })}
            </Text>
            <Button
              component={Link}
              to={multiStepUrl(route, route.index + 1)}
              variant="default"
              size="sm"
              rightSection={<ChevronRightIcon size={16} />}
              disabled={route.index >= route.ids.length - 1}
              data-disabled={route.index >= route.ids.length - 1 || undefined}
              onClick={(e: React.MouseEvent) => route.index >= route.ids.length - 1 && e.preventDefault()}
              data-qa="event-multi-next"
            >
              {t('next')}
            </Button>
            <Button
              component={Link}
              to={route.returnTo ?? '/'}
              variant="subtle"
              size="sm"
              data-qa="event-multi-done"
            >
              {t('done')}
            </Button>
          </Group>
        )}
      </Group>
      <TypeTabs types={tabTypes} value={type.id} disabled />
    </Stack>
  );

  return (
    <EventEditor
      key={`${detail.id}-${detail.version}`}
      type={type}
      initial={formFromAnswer(restAnswer(detail, site.timeZone))}
      event={detail}
      siteChildren={children.data}
      frameworks={frameworks.data}
      onSaved={onSaved}
      onDeleted={() => navigate(route.returnTo ?? '/')}
      header={header}
    />
  );
}
