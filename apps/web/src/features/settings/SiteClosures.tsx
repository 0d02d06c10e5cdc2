// A site's closures on its page (issue 29): the days it is closed from today on (the agenda's
// siteClosure items read them), each removable after a confirmation; add a day or a range with a reason.
import { Button, Table, TextInput, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDate } from '@nursery/domain/common';
import { CLOSURE_REASON_MAX, type ClosureSummary } from '@nursery/domain/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../components/confirmDialog';
import { DateField } from '../../components/DateTimeInputs';
import { Notice } from '../../components/Notice';
import { InlineAddForm, useInlineAdd } from './InlineRowForm';
import classes from './SitePage.module.css';
import { SiteSection } from './SiteSection';
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
    <SiteSection
      qa="site-closures"
      title={t('sites-closures')}
      intro={t('sites-closures-intro')}
      emptyText={t('sites-closures-empty')}
      isEmpty={closures.length === 0}
      list={
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
      }
    >
      {removeRefused.general && (
        <Notice color="red" role="alert" qa="closure-remove-problem">
          {removeRefused.general}
        </Notice>
      )}
      <AddClosure siteID={siteID} offline={offline} />
    </SiteSection>
  );
}

type ClosureForm = { startsOn: string; endsOn: string; reason: string };

const EMPTY: ClosureForm = { startsOn: '', endsOn: '', reason: '' };

function AddClosure({ siteID, offline }: { siteID: number; offline: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const required = (v: string) => (v === '' ? t('this-field-is-required') : null);
  const adder = useInlineAdd({
    empty: EMPTY,
    problemsOf: (form: ClosureForm) => ({
      startsOn: required(form.startsOn),
      endsOn: form.startsOn && form.endsOn && form.endsOn < form.startsOn ? t('err-closure-dates') : null,
      reason: nameProblem(form.reason, CLOSURE_REASON_MAX),
    }),
    fields: FIELDS,
    offline,
    // A single day: the last day is the first when left empty.
    add: (form: ClosureForm) =>
      sitesApi.createClosure(siteID, { ...form, endsOn: form.endsOn || form.startsOn }),
    onAdded: () => {
      notifications.show({ color: 'green', message: t('sites-closure-added') });
      return queryClient.invalidateQueries({ queryKey: ['settings-sites'] });
    },
  });
  return (
    <InlineAddForm
      adder={adder}
      label={t('sites-closure-add')}
      qa={{ problem: 'closure-add-problem', submit: 'closure-add' }}
      submitLabel={t('sites-closure-add')}
    >
      <div className={classes.row}>
        <div className={classes.date}>
          <DateField
            label={t('sites-closure-from')}
            value={adder.form.startsOn}
            onChange={(v) => adder.set({ startsOn: v })}
            error={adder.problem('startsOn')}
            qa="closure-from"
          />
        </div>
        <div className={classes.date}>
          <DateField
            label={t('sites-closure-to')}
            value={adder.form.endsOn}
            minDate={adder.form.startsOn || undefined}
            clearable
            onChange={(v) => adder.set({ endsOn: v })}
            error={adder.problem('endsOn')}
            qa="closure-to"
          />
        </div>
        <TextInput
          label={t('sites-closure-reason')}
          value={adder.form.reason}
          onChange={(e) => adder.set({ reason: e.currentTarget.value })}
          error={adder.problem('reason')}
          data-qa="closure-reason"
          style={{ flex: 1, minWidth: 200 }}
        />
      </div>
    </InlineAddForm>
  );
}
