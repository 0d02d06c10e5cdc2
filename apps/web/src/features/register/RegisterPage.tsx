import { Anchor, Button, Drawer, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle, useElementSize, useMediaQuery } from '@mantine/hooks';
import { formatDate, registerDate, todayInZone } from '@nursery/domain/common';
import { canGoToPreviousDay, type RegisterTab } from '@nursery/domain/registers';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { DayNavigator } from '../../components/DayNavigator';
import { AlertIcon, InfoIcon, OfflineIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { RetryAlert } from '../../components/QueryState';
import { isApiError } from '../../lib/api';
import { formatClockTime } from '../../lib/format';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useNow } from '../../lib/useNow';
import { useSession } from '../auth';
import { ChildDetails } from './ChildDetails';
import { MarkOffModal } from './MarkOffModal';
import { OfflineChangesNotice } from './OfflineChangesNotice';
import classes from './RegisterPage.module.css';
import { RegisterProblemNotice } from './RegisterProblemNotice';
import { RegisterRows } from './RegisterRows';
import { RegisterToolbar } from './RegisterToolbar';
import { registerStrings } from './strings';
import { type RegisterScreenArgs, useRegisterScreen } from './useRegisterScreen';

// The screen's strings arrive with its code (kept out of the login + Home bundle).
i18n.addResources(LANGUAGE, 'translation', registerStrings);

const TABS: RegisterTab[] = ['all', 'in', 'due', 'off'];
/** The sticky actions bar is measured with its padding and border: the side panel sticks below it. */
const BAR_BOX: ResizeObserverOptions = { box: 'border-box' };
const SKELETON_ROWS = 6;

/**
 * The child register (#/register, #/register/{date}; spec 002 §2 "Child register", §4 "Session"): the
 * date with previous/next day and a picker (minimum today), tabs all / in / due / off, rows grouped by
 * session start, the actions bar with the time box, the mark-off flow, a side panel with the selected
 * child's sessions, a background refresh that holds changes behind a warning.
 */
export function Component() {
  const { t } = useTranslation();
  const { site } = useSession();
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const clock = useNow(60_000);
  const today = todayInZone(clock, site.timeZone);
  const requested = params.date;
  const date = registerDate(requested, today);
  const redirect = requested !== undefined && date === today;
  useDocumentTitle(`${t('register-title')} – ${t('app-name')}`);

  if (redirect) return <Navigate to="/register" replace />;
  return (
    <RegisterScreen
      key={`${site.id}:${date}`}
      date={date}
      today={today}
      pathname={location.pathname}
      navigate={navigate}
    />
  );
}

function RegisterScreen(args: RegisterScreenArgs) {
  const { date, today, navigate } = args;
  const { t } = useTranslation();
  const screen = useRegisterScreen(args);
  const wide = useMediaQuery('(min-width: 64em)', true);
  const phone = useMediaQuery('(max-width: 36em)', false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  // The side panel sticks below the sticky actions bar, whose height changes as its buttons wrap; else
  // the panel's Capture signature slid under the bar once the page scrolled (issue 27).
  const { ref: barRef, height: barHeight } = useElementSize<HTMLDivElement>(BAR_BOX);

  // --- Render --------------------------------------------------------------------------------------
  const heading = (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Title order={1} fz="h2" data-qa="register-title">
        {t('register-heading', { date: formatDate(date, screen.site.timeZone) })}
      </Title>
      <DayNavigator
        date={date}
        // Today's register has no date in its address.
        onDate={(day) => navigate(day <= today ? '/register' : `/register/${day}`)}
        minDate={today}
        previousDisabled={!canGoToPreviousDay(date, today)}
        labels={{
          previous: t('register-previous-day'),
          next: t('register-next-day'),
          date: t('register-date', { date: formatDate(date, screen.site.timeZone) }),
        }}
        qa="register"
      />
    </Group>
  );

  if (
    !screen.enabled ||
    (screen.query.isError &&
      isApiError(screen.query.error) &&
      screen.query.error.code === 'registers-feature-disabled-at-site')
  ) {
    return (
      <Stack gap="md" maw={1400} data-qa="register-page">
        {heading}
        <Notice color="yellow" icon={<AlertIcon />} role="alert" qa="register-disabled">
          {t('registers-feature-disabled-at-site')}
        </Notice>
      </Stack>
    );
  }

  const showAside =
    wide && screen.shown !== undefined && (screen.focused !== null || screen.groups.length > 0);
  const details = (
    <ChildDetails
      child={screen.focused}
      date={date}
      today={today}
      roomNames={screen.roomNames}
      onChange={screen.offline ? undefined : screen.showOwn}
    />
  );

  return (
    <Stack
      gap="md"
      maw={1400}
      data-qa="register-page"
      data-status={screen.shown ? 'loaded' : screen.query.isError ? 'error' : 'loading'}
    >
      {heading}
      <Text c="dimmed" fw={600} mt={-8} data-qa="register-site-name">
        {screen.site.name}
      </Text>

      {screen.offline && (
        <Notice color="orange" icon={<OfflineIcon />} qa="register-offline">
          {t('currently-working-offline')} {t('register-offline-actions')}
          {screen.shown &&
            ` ${t('data-correct-as-of', { time: `${formatDate(new Date(screen.shown.fetchedAt), screen.site.timeZone)} ${formatClockTime(new Date(screen.shown.fetchedAt), screen.site.timeZone)}` })}`}
        </Notice>
      )}
      {screen.offline && date > today && (
        <Notice color="orange" icon={<AlertIcon />} qa="register-future-offline">
          {t('registers-future-date-offline')}{' '}
          <Anchor component={Link} to="/register" fw={600} data-qa="register-go-to-today">
            {t('register-go-to-today')}
          </Anchor>
        </Notice>
      )}
      <OfflineChangesNotice offline={screen.offline} register={screen.offlineRegister} />
      {screen.held && (
        <Notice color="blue" icon={<InfoIcon />} qa="register-refresh-warning">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('register-refresh-warning')}</Text>
            <Button size="sm" variant="white" onClick={screen.applyHeld} data-qa="register-refresh">
              {t('register-refresh')}
            </Button>
          </Group>
        </Notice>
      )}

      <Tabs
        value={screen.shownTab}
        onChange={(v) => v && screen.setTab(v as RegisterTab)}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('register-tabs')}>
          {TABS.map((value) => (
            <Tabs.Tab
              key={value}
              value={value}
              disabled={screen.offline && value === 'due'}
              data-qa={`register-tab-${value}`}
              // 'In' is a short word: the tab keeps a 44 px width of its own (issue 27 measured 43.7).
              miw={56}
            >
              {t(`register-tab-${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      {screen.shown && (
        <RegisterToolbar
          screen={screen}
          wide={wide}
          phone={phone}
          barRef={barRef}
          onOpenDetails={() => setDetailsOpen(true)}
        />
      )}
      {screen.problem && (
        <RegisterProblemNotice problem={screen.problem} onClose={() => screen.setProblem(null)} />
      )}

      <div
        className={classes.layout}
        data-aside={showAside || undefined}
        style={{ '--register-bar-height': `${barHeight}px` } as CSSProperties}
      >
        <div>
          {!screen.shown && screen.query.isError ? (
            <RetryAlert
              message={t('registers-error-fetching-online', { site: screen.site.name })}
              onRetry={() => void screen.query.refetch()}
              retrying={screen.query.isFetching}
              qa="register-error"
              retryQa="register-retry"
            />
          ) : !screen.shown ? (
            <Stack gap={8} data-qa="register-loading" aria-busy="true" aria-label={t('register-loading')}>
              {Array.from({ length: SKELETON_ROWS }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Skeleton key={i} height={72} radius="md" />
              ))}
            </Stack>
          ) : screen.groups.length === 0 ? (
            <Paper withBorder radius="md" p="lg">
              <Text fw={600} data-qa="register-empty">
                {t('no-children-to-display')}
              </Text>
            </Paper>
          ) : (
            <RegisterRows
              groups={screen.groups}
              selected={screen.selected}
              disabled={screen.actionsDisabled}
              today={today}
              roomNames={screen.roomNames}
              pendingBookings={screen.overlaid?.pendingBookings}
              onToggle={screen.onToggle}
            />
          )}
        </div>
        {showAside && (
          <aside className={classes.aside} aria-label={t('register-details')} data-qa="register-details">
            {details}
          </aside>
        )}
      </div>

      {!wide && (
        <Drawer
          opened={detailsOpen && screen.focused !== null}
          onClose={() => setDetailsOpen(false)}
          position="right"
          title={t('register-details')}
          closeButtonProps={{ 'aria-label': t('close') }}
          data-qa="register-details-drawer"
        >
          {details}
        </Drawer>
      )}

      {screen.markOff && (
        <MarkOffModal
          steps={screen.markOff}
          categories={screen.shown?.markOffCategories ?? []}
          canChooseCategory={screen.permitted?.markOff ?? false}
          notesRequired={screen.shown?.markOffNotesRequired ?? false}
          submitting={screen.saving}
          onClose={() => screen.setMarkOff(null)}
          onDone={(choices) => void screen.finishMarkOff(choices)}
        />
      )}
    </Stack>
  );
}
