// A site's closures on its page (issue 29): the days it is closed from today on (the agenda's
// siteClosure items read them), each removable after a confirmation; add a day or a range with a reason.
import { Button, Group, Paper, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDate } from '@nursery/domain/common';
import { CLOSURE_REASON_MAX, type ClosureSummary } from '@nursery/domain/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../components/confirmDialog';
import { DateField } from '../../components/DateTimeInputs';
import { InfoIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import classes from './SitePage.module.css';
import { nameProblem, refusal } from './siteForms';
import { sitesApi } from './sitesApi';

const FIELDS = ['startsOn', 'endsOn', 'reason'] as const;

export function SiteClosures({
  siteID,
  closures,
  offline,
}: {
  siteID: number;
  closures: ClosureSummary[];
  offline: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (closureID: number) => sitesApi.deleteClosure(siteID, closureID),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('sites-closure-removed') });
      return queryClient.invalidateQueries({ queryKey: ['settings-sites'] });
    },
  });
  const removeRefused = refusal(remove.error, []);
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="site-closures-title"
      data-qa="site-closures"
    >
      <Title order={2} fz="h4" id="site-closures-title">
        {t('sites-closures')}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {t('sites-closures-intro')}
      </Text>
      {closures.length === 0 ? (
        <Notice color="gray" icon={<InfoIcon />} qa="site-closures-empty">
          {t('sites-closures-empty')}
        </Notice>
      ) : (
        <Table.ScrollContainer minWidth={360} type="native">
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('sites-closure-from')}</Table.Th>
                <Table.Th scope="col">{t('sites-closure-to')}</Table.Th>
                <Table.Th scope="col">{t('sites-closure-reason')}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t('sites-closure-remove', { reason: '' })}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {closures.map((c) => (
                <Table.Tr key={c.id} data-qa="site-closure" data-reason={c.reason}>
                  <Table.Td>{formatDate(c.startsOn)}</Table.Td>
                  <Table.Td>{formatDate(c.endsOn)}</Table.Td>
                  <Table.Td>{c.reason}</Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      color="red"
                      disabled={offline || remove.isPending}
                      onClick={() =>
                        openConfirmDialog({
                          title: t('sites-closure-remove-title', { reason: c.reason }),
                          body: t('sites-closure-remove-body'),
                          confirmLabel: t('sites-closure-remove', { reason: c.reason }),
                          cancelLabel: t('cancel'),
                          confirmQa: 'closure-remove-confirm',
                          onConfirm: () => remove.mutate(c.id),
                        })
                      }
                      className={classes.touch}
                      data-qa="closure-remove"
                    >
                      {t('sites-closure-remove', { reason: c.reason })}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {removeRefused.general && (
        <Notice color="red" role="alert" qa="closure-remove-problem">
          {removeRefused.general}
        </Notice>
      )}
      <AddClosure siteID={siteID} offline={offline} />
    </Paper>
  );
}

function AddClosure({ siteID, offline }: { siteID: number; offline: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const empty = { startsOn: '', endsOn: '', reason: '' };
  const [form, setForm] = useState(empty);
  const [touched, setTouched] = useState(false);
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const required = (v: string) => (v === '' ? t('this-field-is-required') : null);
  const problems = {
    startsOn: required(form.startsOn),
    endsOn: form.startsOn && form.endsOn && form.endsOn < form.startsOn ? t('err-closure-dates') : null,
    reason: nameProblem(form.reason, CLOSURE_REASON_MAX),
  };
  const blocked = Object.values(problems).some((p) => p !== null);
  const add = useMutation({
    // A single day: the last day is the first when left empty.
    mutationFn: () => sitesApi.createClosure(siteID, { ...form, endsOn: form.endsOn || form.startsOn }),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: t('sites-closure-added') });
      setForm(empty);
      setTouched(false);
      await queryClient.invalidateQueries({ queryKey: ['settings-sites'] });
    },
  });
  const refused = refusal(add.error, FIELDS);
  const problem = (f: (typeof FIELDS)[number]) => (touched ? problems[f] : null) ?? refused.field(f);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!blocked && !offline) add.mutate();
      }}
      aria-label={t('sites-closure-add')}
      className={classes.addForm}
    >
      <Stack gap="sm">
        <div className={classes.row}>
          <div className={classes.date}>
            <DateField
              label={t('sites-closure-from')}
              value={form.startsOn}
              onChange={(v) => set({ startsOn: v })}
              error={problem('startsOn')}
              qa="closure-from"
            />
          </div>
          <div className={classes.date}>
            <DateField
              label={t('sites-closure-to')}
              value={form.endsOn}
              minDate={form.startsOn || undefined}
              clearable
              onChange={(v) => set({ endsOn: v })}
              error={problem('endsOn')}
              qa="closure-to"
            />
          </div>
          <TextInput
            label={t('sites-closure-reason')}
            value={form.reason}
            onChange={(e) => set({ reason: e.currentTarget.value })}
            error={problem('reason')}
            data-qa="closure-reason"
            style={{ flex: 1, minWidth: 200 }}
          />
        </div>
        {refused.general && (
          <Notice color="red" role="alert" qa="closure-add-problem">
            {refused.general}
          </Notice>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            disabled={offline}
            loading={add.isPending}
            className={classes.touch}
            data-qa="closure-add"
          >
            {t('sites-closure-add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
