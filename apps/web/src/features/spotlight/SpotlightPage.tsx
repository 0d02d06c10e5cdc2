/**
 * #/spotlight/{eventID or add} (spec 001 §2): loads what the editor needs in one parallel wave (the
 * setup, the stored event, the site's children, the frameworks), shows loading and load errors (with
 * Retry; offline without a copy on the device says so), and after a save shows the banner: an add
 * starts a fresh form below it, an edit reloads the stored event.
 */
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { SpotlightSaveResult } from '@nursery/domain/spotlight';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { isApiError } from '../../lib/api';
import { now } from '../../lib/clock';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE, translateKey } from '../../lib/i18n';
import { useSession } from '../auth';
import { formFromAnswer, newForm, spotlightAnswer, useFrameworks, useSiteChildren } from '../events';
import { spotlightEventQuery, spotlightKeys, spotlightSetupQuery } from './api';
import { SpotlightPendingList } from './offline/SpotlightPendingList';
import { useSpotlightPending } from './offline/useSpotlightPending';
import { type SavedBanner, SavedNotice } from './panels/SaveBar';
import { parseSpotlightRoute, parseTypeParam } from './routeParams';
import { SpotlightEditor } from './SpotlightEditor';
import { effectiveType } from './spotlightScreen';
import { spotlightStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', spotlightStrings);

interface PageState {
  formKey?: string;
  keepForm?: boolean;
  saved?: SavedBanner;
}

export function Component() {
  const { t } = useTranslation();
  const { eventID } = useParams();
  const route = parseSpotlightRoute(eventID);
  const location = useLocation();
  const state = (location.state as PageState | null) ?? {};
  useDocumentTitle(`${t('spotlight-document-title')} – ${t('app-name')}`);
  if (route.mode === 'invalid') return <LoadError error={new NotFound()} retry={() => undefined} />;
  // Each visit of add (also after a save) starts a fresh form; dismissing the banner keeps it.
  const formKey = state.formKey ?? location.key;
  return route.mode === 'add' ? (
    <AddSpotlight key={formKey} formKey={formKey} saved={state.saved ?? null} />
  ) : (
    <EditSpotlight key={route.id} id={route.id} />
  );
}

class NotFound extends Error {}

export function Loading() {
  const { t } = useTranslation();
  return (
    <Group justify="center" p="xl" data-qa="spotlight-loading">
      <Loader />
      <Text c="dimmed">{t('spotlight-loading')}</Text>
    </Group>
  );
}

/** The event, the setup or the children could not be read: not found, refused, failed or offline. */
export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const notFound = error instanceof NotFound || isApiError(error, 404);
  const notOnDevice = !notFound && !isApiError(error) && offline;
  const message = notFound
    ? t('spotlight-not-found')
    : notOnDevice
      ? t('spotlight-not-on-device')
      : t('spotlight-load-failed', { message: error instanceof Error ? error.message : String(error) });
  return (
    <LoadFailedAlert
      title={message}
      notFound={notFound}
      notOnDevice={notOnDevice}
      retry={retry}
      qa="spotlight-load-error"
      retryQa="spotlight-retry"
    />
  );
}

/** The banner text of a save (spec 001 §4). */
function bannerOf(result: SpotlightSaveResult, typeName: string): SavedBanner {
  return {
    message: result.created
      ? translateKey('spotlight-saved-as', { type: typeName, status: result.status })
      : translateKey('changes-saved-successfully'),
    ids: result.ids,
  };
}

/** The banner of a save kept on the device to be sent when back online (issue 16). */
const queuedBanner = (): SavedBanner => ({
  message: translateKey('spotlight-saved-offline'),
  ids: [],
  offline: true,
});

/**
 * A queued save's banner, once the save has gone: 'The save kept on this device has been sent.' It
 * changes only after this page has seen the save waiting (the device's list is read a moment after
 * the save), and only when nothing of this page waits any more (a refused save stays listed).
 */
function useSentBanner(saved: SavedBanner | null, eventID?: number): SavedBanner | null {
  const pending = useSpotlightPending();
  const seenWaiting = useRef<SavedBanner | null>(null);
  const rows =
    pending.rows === null || eventID === undefined
      ? pending.rows
      : pending.rows.filter((r) => r.eventID === eventID);
  if (!saved?.offline || rows === null) return saved;
  if (rows.length > 0) {
    seenWaiting.current = saved;
    return saved;
  }
  return seenWaiting.current === saved
    ? { message: translateKey('spotlight-saved-offline-sent'), ids: [] }
    : saved;
}

function useBannerFocus(shown: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  // After a save, focus lands on the confirmation (screen readers read it; the form is below).
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  return ref;
}

function AddSpotlight({ formKey, saved }: { formKey: string; saved: SavedBanner | null }) {
  const { t } = useTranslation();
  const { site } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const setup = useQuery(spotlightSetupQuery(site.id));
  const children = useSiteChildren(site.id);
  const frameworks = useFrameworks(site.id);
  const bannerRef = useBannerFocus(saved !== null);
  const banner = useSentBanner(saved);
  if (setup.isPending || children.isPending) return <Loading />;
  if (!setup.data) return <LoadError error={setup.error} retry={() => void setup.refetch()} />;
  if (!children.data) return <LoadError error={children.error} retry={() => void children.refetch()} />;
  const type = effectiveType(parseTypeParam(search.get('type')), setup.data.types);
  if (!type) {
    return (
      <Alert color="gray" variant="light" data-qa="spotlight-no-types">
        {t('spotlight-no-types')}
      </Alert>
    );
  }
  const known = new Set(children.data.map((c) => c.id));
  const dismiss = () =>
    navigate(`${location.pathname}${location.search}`, { replace: true, state: { formKey, keepForm: true } });
  const initial = newForm({
    kind: 'spotlight',
    type,
    now: now(),
    timeZone: site.timeZone,
    uuid: crypto.randomUUID(),
    // `?childIDs=1,2` (e.g. from a child's page): the site's children among them.
    childIDs: (search.get('childIDs') ?? '')
      .split(',')
      .filter((x) => /^\d+$/.test(x))
      .map(Number)
      .filter((id) => known.has(id)),
  });

  return (
    <SpotlightEditor
      setup={setup.data}
      event={null}
      initial={initial}
      siteChildren={children.data}
      frameworks={frameworks.data}
      banner={
        <>
          {banner && <SavedNotice ref={bannerRef} banner={banner} onDismiss={dismiss} />}
          <SpotlightPendingList />
        </>
      }
      onSaved={(result, typeName) => {
        navigate(`/spotlight/add?type=${result.type}`, { state: { saved: bannerOf(result, typeName) } });
        window.scrollTo({ top: 0 });
      }}
      onQueued={(_, tag) => {
        // As after an online save: a fresh form of the same type below the banner.
        navigate(`/spotlight/add?type=${tag}`, { state: { saved: queuedBanner() } });
        window.scrollTo({ top: 0 });
      }}
    />
  );
}

function EditSpotlight({ id }: { id: number }) {
  const { site } = useSession();
  const queryClient = useQueryClient();
  const offline = useIsOffline();
  const event = useQuery(spotlightEventQuery(id));
  const setup = useQuery(spotlightSetupQuery(site.id));
  const children = useSiteChildren(site.id);
  const frameworks = useFrameworks(site.id);
  const [saved, setSaved] = useState<SavedBanner | null>(null);
  const bannerRef = useBannerFocus(saved !== null);
  const banner = useSentBanner(saved, id);

  // Online an edit starts from the stored version (it guards the save): wait for this visit's read.
  const refreshing = event.isFetching && !event.isFetchedAfterMount && !offline;
  if (setup.isError) return <LoadError error={setup.error} retry={() => void setup.refetch()} />;
  if (event.isPending || setup.isPending || children.isPending || refreshing) return <Loading />;
  if (event.isError && (isApiError(event.error) || !event.data)) {
    return <LoadError error={event.error} retry={() => void event.refetch()} />;
  }
  if (!children.data) return <LoadError error={children.error} retry={() => void children.refetch()} />;
  const detail = event.data;

  return (
    <Stack gap="md">
      <SpotlightEditor
        key={`${detail.id}-${detail.version}`}
        setup={setup.data}
        event={detail}
        initial={formFromAnswer(spotlightAnswer(detail, crypto.randomUUID()))}
        siteChildren={children.data}
        frameworks={frameworks.data}
        banner={
          <>
            {banner && <SavedNotice ref={bannerRef} banner={banner} onDismiss={() => setSaved(null)} />}
            <SpotlightPendingList eventID={detail.id} />
          </>
        }
        onSaved={(result, typeName) => {
          setSaved(bannerOf(result, typeName));
          window.scrollTo({ top: 0 });
          // Reload the stored event: a new version (and editability or status) shows at once.
          void queryClient.invalidateQueries({ queryKey: spotlightKeys.event(detail.id) });
        }}
        onQueued={() => {
          setSaved(queuedBanner());
          window.scrollTo({ top: 0 });
        }}
      />
    </Stack>
  );
}
