/**
 * The staff register (#/staff-register/{siteID}/{tab}/{date}; spec 002 §2 "Staff register", §4, §5,
 * §8, §9): the header (date, previous / next day, Refresh), the All staff and Times tabs, the breaks,
 * mark-off and amendment modals, the bulk bar, the conflict panel and the offline / empty notices.
 */
import { Button, Drawer, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatTime, todayInZone } from '@nursery/domain/common';
import { bulkSelectionProblem, type StaffRegisterTab, staffRegisterNotices } from '@nursery/domain/registers';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { AlertIcon, InfoIcon, OfflineIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { SignatureDialog } from '../../components/SignatureDialog';
import { ApiError, NetworkError } from '../../lib/api';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useNow } from '../../lib/useNow';
import { useSession } from '../auth';
import { showRegisterToast } from '../register';
import { AllStaffTab } from './AllStaffTab';
import { AmendTimesModal } from './AmendTimesModal';
import { BreaksModal } from './BreaksModal';
import { BulkBar } from './BulkBar';
import { ConflictPanel } from './ConflictPanel';
import { KeptChangesNotice } from './KeptChangesNotice';
import { MarkOffModal } from './MarkOffModal';
import { StaffDetails } from './StaffDetails';
import { StaffRegisterHeader } from './StaffRegisterHeader';
import { type Info, StaffRegisterNotices } from './StaffRegisterNotices';
import { type SignRequest, type TimedAction, useAskSignature } from './signing';
import {
  type BulkActionName,
  eligibleSelection,
  findShift,
  isRowSelectable,
  parseStaffRegisterRoute,
  shiftCount,
  staffRegisterPath,
  timesGroups,
  workingStatusID,
} from './staffRegisterView';
import { staffRegisterStrings } from './strings';
import { TimesTab } from './TimesTab';
import { useRegisterChanges } from './useRegisterChanges';
import { useStaffRegister } from './useStaffRegister';

// The screen's strings arrive with its code (kept out of the login + Home bundle).
i18n.addResources(LANGUAGE, 'translation', staffRegisterStrings);

const FEATURE_DISABLED = 'staff-registers-disabled';

export function Component() {
  const { t } = useTranslation();
  const { site, sites } = useSession();
  const params = useParams();
  const clock = useNow(60_000);
  useDocumentTitle(`${t('staff-register-title')} – ${t('app-name')}`);
  const requested = sites.find((s) => String(s.id) === params.siteID) ?? site;
  const route = parseStaffRegisterRoute(params, {
    siteID: site.id,
    userSiteIDs: sites.map((s) => s.id),
    today: todayInZone(clock, requested.timeZone),
  });
  return <StaffRegisterScreen key={`${route.siteID}:${route.date}`} {...route} />;
}

type Modal = { kind: 'breaks' | 'markOff' | 'amend'; shiftID: number } | { kind: 'bulkMarkOff' } | null;

function StaffRegisterScreen({ siteID, tab, date }: { siteID: number; tab: StaffRegisterTab; date: string }) {
  const { t } = useTranslation();
  const { sites, me } = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const offline = useIsOffline();
  const now = useNow(60_000);
  const siteConfig = sites.find((s) => s.id === siteID)!;
  const timeZone = siteConfig.timeZone;
  const enabled = siteConfig.staffRegistersEnabled;
  const register = useStaffRegister(siteID, date, enabled);
  const { query } = register;
  // The register as the user sees it: the server's answer with the device's waiting changes on it.
  const changes = useRegisterChanges({ userID: me.userID, siteID, date, register });
  const { shown, actions } = changes;
  const [signing, setSigning] = useState<SignRequest | null>(null);
  const [askSignature, setAskSignature] = useAskSignature();

  const [typedTime, setTime] = useState<string | null>(null);
  const time = typedTime ?? formatTime(now, timeZone);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [modal, setModal] = useState<Modal>(null);
  const [saving, setSaving] = useState(false);
  const [detailsID, setDetailsID] = useState<number | null>(null);
  const [info, setInfo] = useState<Info | null>(null);
  const [bulkSummary, setBulkSummary] = useState<string[] | null>(null);

  const conflicted = useMemo(
    () => new Set(changes.conflicts.map((c) => c.change.shiftID)),
    [changes.conflicts],
  );
  const groups = useMemo(() => (shown ? timesGroups(shown) : []), [shown]);
  const roomNames = useMemo(
    () => new Map((shown?.rooms ?? siteConfig.rooms).map((r) => [r.id, r.name])),
    [shown, siteConfig.rooms],
  );
  const siteNames = useMemo(() => new Map(sites.map((s) => [s.id, s.name])), [sites]);
  const highlight = Number(search.get('shift')) || null;

  const go = (next: { tab?: StaffRegisterTab; date?: string }) => {
    setInfo(null);
    navigate(staffRegisterPath({ siteID, tab: next.tab ?? tab, date: next.date ?? date }));
  };

  const disabled = !enabled || (query.error instanceof ApiError && query.error.code === FEATURE_DISABLED);

  const refresh = () => {
    setInfo(null);
    if (offline) setInfo(shown ? 'staff-register-refresh-offline' : 'nothing-to-refresh');
    else if (disabled) setInfo('nothing-to-refresh');
    else void query.refetch();
  };

  // --- Changes ----------------------------------------------------------------------------------
  const toast = (
    key:
      | 'staff-register-checked-in'
      | 'staff-register-checked-out'
      | 'staff-register-marked-off'
      | 'staff-register-saved',
  ) => showRegisterToast(key, t(key), { autoClose: 3000 });

  const closeModal = () => {
    if (modal && modal.kind !== 'bulkMarkOff') register.unpin(modal.shiftID);
    setModal(null);
    setSaving(false);
  };
  const openModal = (kind: 'breaks' | 'markOff' | 'amend', shiftID: number) => {
    register.pin(shiftID);
    setModal({ kind, shiftID });
  };

  /** A modal's change: it closes unless the change failed (the user keeps their input). */
  const fromModal = async (outcome: Promise<{ kind: string }>, success: Parameters<typeof toast>[0]) => {
    setSaving(true);
    const result = await outcome;
    setSaving(false);
    if (result.kind === 'failed') return;
    if (result.kind === 'saved') toast(success);
    closeModal();
  };

  /** A live time (check-in, check-out, a break's start or end), signed first when the device asks for it. */
  const sendTimed = (shiftID: number, action: TimedAction, signature?: string) =>
    void actions.act(shiftID, { action, time, ...(signature ? { signature } : {}) }).then((o) => {
      if (o.kind !== 'saved') return;
      if (action === 'checkIn') toast('staff-register-checked-in');
      else if (action === 'checkOut') toast('staff-register-checked-out');
    });
  const timed = (shiftID: number, action: TimedAction) => {
    if (!askSignature) return sendTimed(shiftID, action);
    const row = shown ? findShift(shown, shiftID) : null;
    setSigning({ shiftID, action, time, name: row?.member.display ?? '' });
  };

  const handlers = {
    onToggle: (shiftID: number) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (next.has(shiftID)) next.delete(shiftID);
        else next.add(shiftID);
        return next;
      }),
    onCheckIn: (s: { id: number }) => timed(s.id, 'checkIn'),
    onCheckOut: (s: { id: number }) => timed(s.id, 'checkOut'),
    onStartBreak: (s: { id: number }) => timed(s.id, 'startBreak'),
    onEndBreak: (s: { id: number }) => timed(s.id, 'endBreak'),
    onEditBreaks: (row: { shift: { id: number } }) => openModal('breaks', row.shift.id),
    onMarkOff: (row: { shift: { id: number } }) => openModal('markOff', row.shift.id),
    onAmend: (row: { shift: { id: number } }) => openModal('amend', row.shift.id),
    onUndo: (s: { id: number }, undo: 'checkIn' | 'checkOut' | 'markOff') =>
      void actions.act(s.id, { action: 'undo', undo }),
  };

  const runBulk = async (
    action: BulkActionName,
    input: { time?: string; statusID?: number; notes?: string },
  ) => {
    if (!shown) return;
    const eligible = eligibleSelection(shown, selected, conflicted);
    if (bulkSelectionProblem(eligible.length)) {
      setInfo('must-select-one-staff-member');
      return;
    }
    setSaving(true);
    const outcome = await actions.bulk(action, eligible, input);
    setSaving(false);
    if (!outcome) return;
    setSelected(new Set());
    setModal(null);
    const lines: (string | false)[] = [
      t('staff-register-bulk-done', { count: outcome.changed }),
      outcome.notEligible > 0 && t('staff-register-bulk-not-eligible', { count: outcome.notEligible }),
      outcome.notFound > 0 && t('staff-register-bulk-not-found', { count: outcome.notFound }),
      outcome.conflicts > 0 && t('staff-register-bulk-conflicts', { count: outcome.conflicts }),
    ];
    setBulkSummary(lines.filter((line) => line !== false));
  };

  const onBulk = (action: BulkActionName) => {
    setInfo(null);
    setBulkSummary(null);
    if (action === 'markOff') {
      if (shown && bulkSelectionProblem(eligibleSelection(shown, selected, conflicted).length)) {
        setInfo('must-select-one-staff-member');
        return;
      }
      setModal({ kind: 'bulkMarkOff' });
    } else void runBulk(action, { time });
  };

  // --- Render ------------------------------------------------------------------------------------
  const header = (
    <StaffRegisterHeader
      date={date}
      timeZone={timeZone}
      refreshing={query.isFetching && shown !== undefined}
      onDate={(d) => go({ date: d })}
      onRefresh={refresh}
    />
  );

  if (disabled) {
    return (
      <Stack gap="md" maw={1400} data-qa="staff-register-page" data-status="disabled">
        {header}
        {info && (
          <Notice color="blue" icon={<InfoIcon />} qa="staff-register-info">
            {t(info)}
          </Notice>
        )}
        <Notice color="yellow" icon={<AlertIcon />} role="alert" qa="staff-register-disabled">
          {t(FEATURE_DISABLED)}
        </Notice>
      </Stack>
    );
  }

  const unavailableOffline =
    !shown &&
    (query.fetchStatus === 'paused' || (query.isError && (offline || query.error instanceof NetworkError)));
  const notices = shown
    ? staffRegisterNotices({
        staffCount: shown.staff.length,
        shiftCount: shiftCount(shown),
        viewerAssigned: shown.viewer.assignedToday,
        viewerChecksInOthers: shown.permittedActions.checkInOthers,
      })
    : [];
  const highlightMissing = shown !== undefined && highlight !== null && !findShift(shown, highlight);
  const conflict = changes.conflicts[0];
  const modalRow = modal && modal.kind !== 'bulkMarkOff' && shown ? findShift(shown, modal.shiftID) : null;
  const fetchedAt = shown ? new Date(shown.fetchedAt) : null;

  return (
    <Stack
      gap="md"
      maw={1400}
      data-qa="staff-register-page"
      data-status={shown ? 'loaded' : unavailableOffline ? 'offline' : query.isError ? 'error' : 'loading'}
    >
      {header}
      <Text c="dimmed" fw={600} mt={-8} data-qa="staff-register-site">
        {siteConfig.name}
      </Text>

      <StaffRegisterNotices
        fetchedAt={offline ? fetchedAt : null}
        timeZone={timeZone}
        info={info}
        onCloseInfo={() => setInfo(null)}
        problem={actions.problem}
        onCloseProblem={actions.clearProblem}
        missingShiftID={highlightMissing ? highlight : null}
        bulkSummary={bulkSummary}
        onCloseBulkSummary={() => setBulkSummary(null)}
        notices={notices}
      />
      <KeptChangesNotice queue={changes.queue} />
      {conflict && shown && (
        <ConflictPanel
          conflict={conflict}
          remaining={changes.conflicts.length - 1}
          name={shown.staff.find((m) => m.id === conflict.theirs.staffID)?.display ?? ''}
          statuses={shown.shiftStatuses}
          roomNames={roomNames}
          workingStatusID={workingStatusID(shown)}
          busy={actions.sending.has(conflict.change.shiftID)}
          onResolve={(c, choice) =>
            void changes.resolve(c, choice).then((o) => o?.kind === 'saved' && toast('staff-register-saved'))
          }
        />
      )}

      <Tabs value={tab} onChange={(v) => v && go({ tab: v as StaffRegisterTab })} keepMounted={false}>
        <Tabs.List aria-label={t('staff-register-tabs')}>
          <Tabs.Tab value="all" data-qa="staff-register-tab-all">
            {t('staff-register-tab-all')}
          </Tabs.Tab>
          <Tabs.Tab value="times" data-qa="staff-register-tab-times">
            {t('staff-register-tab-times')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>

      {!shown && unavailableOffline ? (
        <Notice color="orange" icon={<OfflineIcon />} role="alert" qa="staff-register-offline">
          {t('staff-register-offline')}
        </Notice>
      ) : !shown && query.isError ? (
        <Notice color="red" icon={<AlertIcon />} role="alert" qa="staff-register-error">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('registers-error-fetching-online', { site: siteConfig.name })}</Text>
            <Group gap="xs">
              <Button
                size="sm"
                variant="white"
                color="red"
                onClick={() => void query.refetch()}
                loading={query.isFetching}
                data-qa="staff-register-retry"
              >
                {t('retry')}
              </Button>
              {!offline && (
                <Button
                  size="sm"
                  variant="white"
                  color="red"
                  component={Link}
                  to="/sync"
                  data-qa="staff-register-network-tests"
                >
                  {t('staff-register-network-tests')}
                </Button>
              )}
            </Group>
          </Group>
        </Notice>
      ) : !shown ? (
        <Stack
          gap={8}
          data-qa="staff-register-loading"
          aria-busy="true"
          aria-label={t('staff-register-loading')}
        >
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={64} radius="md" />
          ))}
        </Stack>
      ) : tab === 'all' ? (
        <AllStaffTab staff={shown.staff} conflicted={conflicted} onOpen={(m) => setDetailsID(m.id)} />
      ) : (
        <>
          <BulkBar
            time={time}
            onTime={setTime}
            askSignature={askSignature}
            onAskSignature={setAskSignature}
            bulk={shown.permittedActions.bulk && shown.permittedActions.selectRows}
            selectedCount={eligibleSelection(shown, selected, conflicted).length}
            busy={saving}
            onBulk={onBulk}
            onClear={() => setSelected(new Set())}
          />
          <TimesTab
            groups={groups}
            permitted={shown.permittedActions}
            selected={selected}
            conflicted={conflicted}
            sending={actions.sending}
            isSelectable={(s) => isRowSelectable(s, conflicted)}
            highlight={highlight}
            now={now}
            timeZone={timeZone}
            {...handlers}
          />
        </>
      )}

      <Drawer
        opened={detailsID !== null}
        onClose={() => setDetailsID(null)}
        position="right"
        title={t('staff-register-details')}
        data-qa="staff-details-drawer"
      >
        {shown && detailsID !== null && shown.staff.find((m) => m.id === detailsID) && (
          <StaffDetails
            member={shown.staff.find((m) => m.id === detailsID)!}
            date={date}
            timeZone={timeZone}
            siteNames={siteNames}
            roomNames={roomNames}
          />
        )}
      </Drawer>

      {modal?.kind === 'breaks' && modalRow && (
        <BreaksModal
          row={modalRow}
          nowTime={formatTime(now, timeZone)}
          saving={saving}
          onClose={closeModal}
          onSave={(breaks, additionalMins) =>
            void fromModal(
              actions.saveBreaks(modalRow.shift.id, { action: 'saveBreaks', breaks, additionalMins }),
              'staff-register-saved',
            )
          }
        />
      )}
      {modal?.kind === 'markOff' && modalRow && shown && (
        <MarkOffModal
          title={t('staff-register-mark-off-title', { name: modalRow.member.display })}
          statuses={shown.markOffStatuses}
          saving={saving}
          onClose={closeModal}
          onSubmit={(statusID, notes) =>
            void fromModal(
              actions.act(modalRow.shift.id, { action: 'markOff', statusID, notes }),
              'staff-register-marked-off',
            )
          }
        />
      )}
      {modal?.kind === 'amend' && modalRow && (
        <AmendTimesModal
          row={modalRow}
          saving={saving}
          onClose={closeModal}
          onSubmit={(actualFrom, actualTo) =>
            void fromModal(
              actions.act(modalRow.shift.id, { action: 'amendTimes', actualFrom, actualTo }),
              'staff-register-saved',
            )
          }
        />
      )}
      <SignatureDialog
        opened={signing !== null}
        title={
          signing
            ? t(`staff-register-sign-${signing.action}`, { name: signing.name, time: signing.time })
            : ''
        }
        labels={{
          pad: t('staff-signature-pad'),
          clear: t('staff-signature-clear'),
          hint: t('staff-signature-hint'),
          cancel: t('staff-signature-cancel'),
          apply: t('staff-signature-confirm'),
        }}
        qa="shift-signature"
        onCancel={() => setSigning(null)}
        onApply={(dataUrl) => {
          if (signing) sendTimed(signing.shiftID, signing.action, dataUrl);
          setSigning(null);
        }}
      />
      {modal?.kind === 'bulkMarkOff' && shown && (
        <MarkOffModal
          title={t('staff-register-mark-off-bulk-title', {
            count: eligibleSelection(shown, selected, conflicted).length,
          })}
          statuses={shown.markOffStatuses}
          saving={saving}
          onClose={closeModal}
          onSubmit={(statusID, notes) => void runBulk('markOff', { statusID, notes })}
        />
      )}
    </Stack>
  );
}
