/**
 * The Spotlight event editor (spec 001 §2 "Event editor", §3-§5, §9): the tab strip, the title, the
 * left child list with the previous-spotlights panel, time and date, the code picker, the framework
 * indicators, best fits and checkpoints, media, notes, the consideration, the validation strip and the
 * save buttons. Read-only while saving or when the event is not editable (the page shows nothing
 * editable before the load). The form is kept on the device as it is typed (events' form drafts).
 */
import { Alert, Button, Chip, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { SiteChild } from '@nursery/domain/children';
import { todayInZone } from '@nursery/domain/common';
import type { SpotlightTag } from '@nursery/domain/events';
import type { FrameworksAnswer } from '@nursery/domain/frameworks';
import { offlineRefusal } from '@nursery/domain/offline';
import {
  canChangeSpotlightType,
  type SpotlightEvent,
  type SpotlightSaveResult,
  type SpotlightSetup,
  spotlightChildMax,
} from '@nursery/domain/spotlight';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChildPicker } from '../../components/ChildPicker';
import { DateField, TimeField } from '../../components/DateTimeInputs';
import { isApiError, NetworkError } from '../../lib/api';
import { now } from '../../lib/clock';
import { useSession } from '../auth';
import { childPhotoUrl, PhotoConsentWarning } from '../children';
import {
  addEventScreenStrings,
  askPhotoConsent,
  problemsOf,
  RestoreDraftDialog,
  type SpotlightForm,
  sendWaitingFiles,
  switchType,
  toUpdateInput,
  useFormDraft,
  withListedMediaOnly,
  withMediaTokens,
  withoutMedia,
  withUploading,
} from '../events';
import { spotlightApi } from './api';
import { queueSpotlightSave } from './offline/pendingSpotlightStore';
import { pendingTitle } from './offline/pendingTitle';
import { FrameworkPanel, type SpotlightPicker } from './panels/FrameworkPanel';
import { MediaGrid } from './panels/MediaGrid';
import { ConsiderationPanel, NotesPanel } from './panels/NotesPanel';
import { ProblemsStrip, SaveBar } from './panels/SaveBar';
import { PreviousSpotlightsPanel } from './previous/PreviousSpotlightsPanel';
import { SpotlightPickers } from './SpotlightPickers';
import { SpotlightTabs } from './SpotlightTabs';
import {
  canSelectAll,
  type SpotlightSaveTarget,
  selectAllChildren,
  spotlightSaveTargets,
} from './spotlightScreen';

// The media uploader's strings (checks, preparation, Retry) are the events editor's.
addEventScreenStrings();

export interface SpotlightEditorProps {
  setup: SpotlightSetup;
  /** The stored event, null for an add. */
  event: SpotlightEvent | null;
  initial: SpotlightForm;
  siteChildren: SiteChild[];
  frameworks: FrameworksAnswer | undefined;
  onSaved: (result: SpotlightSaveResult, typeName: string) => void;
  /** The save met no network and is kept on the device (offline/), to be sent when back online. */
  onQueued: (typeName: string, tag: SpotlightTag) => void;
  /** Above the form, below the tabs: the saved banner. */
  banner?: React.ReactNode;
}

export function SpotlightEditor({
  setup,
  event,
  initial: initialProp,
  siteChildren,
  frameworks,
  onSaved,
  onQueued,
  banner,
}: SpotlightEditorProps) {
  const { t } = useTranslation();
  const { config, site, me } = useSession();
  // The form as it opened (the page may build a new one each render): what a change is measured against.
  const [initial] = useState(initialProp);
  const [form, setForm] = useState(initial);
  const [savingTo, setSavingTo] = useState<number | null>(null);
  const saving = savingTo !== null;
  const [saveError, setSaveError] = useState<string | null>(null);
  // Which picker or modal is open (FrameworkPanel's buttons set it): SpotlightPickers renders it,
  // controlled by the form.
  const [picker, setPicker] = useState<SpotlightPicker | null>(null);
  const update = useCallback((change: (f: SpotlightForm) => SpotlightForm) => setForm(change), []);

  const isNew = event === null;
  const editable = event ? event.editable : true;
  const readOnly = saving || !editable;
  const typeSetup = setup.types.find((x) => x.id === form.typeID);
  const typeName = typeSetup?.name ?? (form.tag === 'snapshot' ? 'Snapshot' : 'Learning story');
  const codes = typeSetup?.codes ?? (event ? [event.code] : []);
  const limits = event?.textLimits ?? typeSetup?.textLimits ?? null;
  const rights = event?.permittedActions ??
    typeSetup ?? { addMedia: false, addPhoto: false, addVideo: false };
  const tabTags = useMemo(() => {
    const tags = setup.types.map((x) => x.type);
    if (event && !tags.includes(event.type)) tags.push(event.type);
    return (['snapshot', 'learningStory'] as const).filter((tag) => tags.includes(tag));
  }, [setup.types, event]);
  const typeIDs = useMemo(() => {
    const ids: Partial<Record<SpotlightTag, number>> = {};
    for (const x of setup.types) ids[x.type] = x.id;
    if (event) ids[event.type] = event.typeID;
    return ids;
  }, [setup.types, event]);

  const draft = useFormDraft({
    userID: me.userID,
    route: `spotlight/${event?.id ?? 'add'}`,
    baseVersion: event?.version ?? null,
    initial,
    form,
    // A restored draft drops the photos kept offline that left with a closed page: their tiles too.
    setForm: useCallback((f: SpotlightForm) => setForm(withListedMediaOnly(f)), []),
    enabled: editable,
  });

  const dob = useMemo(() => new Map(siteChildren.map((c) => [c.id, c.dob])), [siteChildren]);
  const twoYearCheck = form.codeID !== null && (typeSetup?.twoYearCodeIDs ?? []).includes(form.codeID);
  const problems = useMemo(
    () =>
      problemsOf(form, {
        isNew,
        limits: limits ?? { notes: null, childsVoice: null, parentNotes: null },
        twoYear: twoYearCheck,
        dobOf: (id) => dob.get(id) ?? null,
      }),
    [form, isNew, limits, twoYearCheck, dob],
  );
  const targets = spotlightSaveTargets({
    allowedStatusIDs: event ? event.permittedActions.saveStatusIDs : (typeSetup?.saveStatusIDs ?? []),
    statuses: config.eventStatuses,
    consideration: form.consideration,
    canPublishConsiderations: event
      ? event.permittedActions.publishConsiderations
      : setup.publishConsiderations,
    currentStatusID: event?.statusID ?? null,
  });
  const refused = targets.some((x) => x.refusedKey !== null);

  const changeType = (tag: SpotlightTag) => {
    // The tabs follow the domain rule; the form itself is read-only while saving or not editable.
    if (readOnly) return;
    const next = setup.types.find((x) => x.type === tag);
    if (next) setForm((f) => switchType(f, { type: next }));
  };

  async function save(target: SpotlightSaveTarget, consentAsked = false) {
    if (problems.length > 0 || form.uploading.length > 0) return;
    // A photo or video of a child whose parents refused photos is saved only once the user confirms,
    // naming the child, as in the events editor (issue 27); "Go back" sends nothing.
    if (
      !consentAsked &&
      askPhotoConsent({
        childIDs: form.childIDs,
        siteChildren,
        mediaCount: form.media.length,
        t,
        onConfirm: () => void save(target, true),
      })
    )
      return;
    setSavingTo(target.statusID);
    setSaveError(null);
    let input = toUpdateInput(form, { event, statusID: target.statusID });
    // Files picked offline wait on this device: uploaded first, their tokens go with the save.
    let filesLeft: string[] = [];
    try {
      const files = await sendWaitingFiles(form.mediaIDs);
      filesLeft = files.left;
      if (files.sent.length > 0) {
        const withTokens = withMediaTokens(form, files.sent);
        setForm(withTokens);
        input = toUpdateInput(withTokens, { event, statusID: target.statusID });
      }
      // A file still without a network: the save is kept on this device, as any offline save.
      if (filesLeft.length > 0) throw new NetworkError();
      const result = await spotlightApi.save(input);
      await draft.clear();
      setSavingTo(null);
      onSaved(result, typeName);
    } catch (error) {
      if (error instanceof NetworkError && twoYearCheck) {
        // Spec 000 §5: a two-year check is refused offline (the server judges one check per child
        // when it is saved), so it is never queued; the form stays kept on the device.
        setSavingTo(null);
        setSaveError(t(offlineRefusal({ kind: 'two-year-check' })));
        return;
      }
      if (error instanceof NetworkError) {
        // No answer: the save waits on the device and is sent when the network is back (issue 16).
        const kept = await queueSpotlightSave({
          userID: me.userID,
          siteID: site.id,
          input,
          title: pendingTitle(typeName, form.childIDs, siteChildren),
          at: now().getTime(),
          newUuid: () => crypto.randomUUID(),
        });
        setSavingTo(null);
        if (kept) {
          await draft.clear();
          // The device's Spotlight queue carries no files: say which stayed behind (as the events
          // editor does for a file the device could not keep).
          if (filesLeft.length > 0)
            notifications.show({
              color: 'orange',
              message: t('event-files-not-kept', { names: filesLeft.join(', ') }),
              autoClose: false,
              'data-qa': 'event-files-not-kept',
            });
          onQueued(typeName, input.type);
        } else setSaveError(t('spotlight-save-offline'));
        return;
      }
      setSavingTo(null);
      if (isApiError(error, 409) && error.code === 'err-conflict') setSaveError(t('event-save-conflict'));
      else
        setSaveError(
          t('spotlight-save-failed', { message: error instanceof Error ? error.message : String(error) }),
        );
    }
  }

  const max = spotlightChildMax(form.tag, !isNew);
  const childrenLocked = readOnly || !isNew;
  const today = todayInZone(now(), site.timeZone);

  return (
    <Stack
      gap="md"
      pb={96}
      data-qa="spotlight-editor"
      data-type={form.tag}
      data-open-picker={picker ?? undefined}
    >
      <RestoreDraftDialog offer={draft.offer} onRestore={draft.restore} onDiscard={draft.discard} />
      <SpotlightTabs
        eventID={event ? String(event.id) : 'add'}
        types={tabTags}
        value={form.tag}
        onTypeChange={changeType}
        typeLocked={!canChangeSpotlightType(!isNew, saving, editable)}
      />
      <Title order={1} fz={{ base: 24, sm: 28 }} data-qa="spotlight-title">
        {isNew ? t('spotlight-title-add', { type: typeName }) : t('spotlight-title-edit', { type: typeName })}
      </Title>
      {banner}
      {!editable && event && (
        <Alert color="gray" variant="light" data-qa="spotlight-read-only">
          {t('spotlight-read-only', { status: event.status })}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="md">
            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-qa="spotlight-children">
              <Stack gap="xs">
                {canSelectAll(form.tag, isNew) && !readOnly && (
                  <Group gap="xs">
                    <Button
                      variant="light"
                      size="sm"
                      onClick={() =>
                        update((f) => ({ ...f, childIDs: selectAllChildren(siteChildren.map((c) => c.id)) }))
                      }
                      data-qa="spotlight-select-all"
                    >
                      {t('spotlight-select-all')}
                    </Button>
                    <Button
                      variant="subtle"
                      size="sm"
                      disabled={form.childIDs.length === 0}
                      onClick={() => update((f) => ({ ...f, childIDs: [] }))}
                      data-qa="spotlight-clear-children"
                    >
                      {t('spotlight-clear-children')}
                    </Button>
                  </Group>
                )}
                <ChildPicker
                  label={t('spotlight-children')}
                  headingLevel={2}
                  options={siteChildren}
                  keyChildIDs={config.keyChildren}
                  rooms={site.rooms}
                  photoUrl={childPhotoUrl}
                  selected={form.childIDs}
                  onChange={(childIDs) => update((f) => ({ ...f, childIDs }))}
                  max={Math.max(max, form.childIDs.length)}
                  disabled={childrenLocked}
                />
              </Stack>
            </Paper>
            <PreviousSpotlightsPanel
              childIDs={form.childIDs}
              typeIDs={typeIDs}
              tag={form.tag}
              statuses={config.eventStatuses}
              timeZone={site.timeZone}
              currentEventID={event?.id ?? null}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="md">
            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-qa="spotlight-when">
              <Stack gap="sm">
                <Group gap="md" align="flex-start">
                  <DateField
                    label={t('spotlight-date')}
                    value={form.date}
                    onChange={(date) => update((f) => ({ ...f, date }))}
                    disabled={readOnly}
                    required
                    maxDate={today}
                    qa="spotlight-date"
                  />
                  <TimeField
                    label={t('spotlight-time')}
                    value={form.time}
                    onChange={(time) => update((f) => ({ ...f, time }))}
                    disabled={readOnly}
                    required
                    qa="spotlight-time"
                  />
                </Group>
                {codes.length > 1 && (
                  <Stack gap={6} data-qa="spotlight-code">
                    <Text fw={500} fz="sm" id="spotlight-code-label">
                      {t('spotlight-code')}
                    </Text>
                    <Chip.Group
                      multiple={false}
                      value={form.codeID === null ? '' : String(form.codeID)}
                      onChange={(v) => update((f) => ({ ...f, codeID: Number(v) }))}
                    >
                      <Group gap="xs" role="radiogroup" aria-labelledby="spotlight-code-label">
                        {codes.map((c) => (
                          <Chip
                            key={c.id}
                            value={String(c.id)}
                            disabled={readOnly}
                            variant="outline"
                            wrapperProps={{ 'data-qa': `spotlight-code-${c.id}` }}
                          >
                            {c.value}
                          </Chip>
                        ))}
                      </Group>
                    </Chip.Group>
                  </Stack>
                )}
              </Stack>
            </Paper>
            <FrameworkPanel
              form={form}
              update={update}
              frameworks={frameworks}
              birthToFive={setup.enableBirthToFive}
              readOnly={readOnly}
              onOpen={setPicker}
            />
            <MediaGrid
              tag={form.tag}
              typeID={form.typeID ?? 0}
              typeName={typeName}
              rights={rights}
              media={form.media}
              readOnly={readOnly}
              notice={
                <PhotoConsentWarning
                  childIDs={form.childIDs}
                  siteChildren={siteChildren}
                  mediaCount={form.media.length + form.uploading.length}
                />
              }
              onAdd={(m) =>
                update((f) =>
                  f.mediaIDs.includes(m.id)
                    ? f
                    : { ...f, mediaIDs: [...f.mediaIDs, m.id], media: [...f.media, m] },
                )
              }
              onRemove={(id) => update((f) => withoutMedia(f, id))}
              onUploading={(id, busy) => update((f) => withUploading(f, id, busy))}
            />
            <NotesPanel
              form={form}
              update={update}
              limits={limits ?? { notes: null, childsVoice: null, parentNotes: null }}
              parentNotesEditable={
                event ? event.permittedActions.editParentNotes : !setup.anyContactGroupCanAddNotes
              }
              readOnly={readOnly}
            />
            <ConsiderationPanel
              form={form}
              update={update}
              limit={limits && 'considerationNotes' in limits ? (limits.considerationNotes ?? null) : null}
              readOnly={readOnly}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <ProblemsStrip problems={problems} refused={refused} />
      <SaveBar
        targets={editable ? targets : []}
        disabled={readOnly || problems.length > 0 || form.uploading.length > 0}
        savingTo={savingTo}
        error={saveError}
        onDismissError={() => setSaveError(null)}
        onSave={(target) => void save(target)}
      />
      <SpotlightPickers
        picker={picker}
        form={form}
        setForm={setForm}
        readOnly={readOnly}
        onClose={() => setPicker(null)}
      />
    </Stack>
  );
}
