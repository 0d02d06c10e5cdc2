// #/settings/import/children and #/settings/import/staff (issue 29 "Moving in"): choose a site and a CSV
// file; the server reads it and answers what importing each row would do, with every row's problems by
// its spreadsheet row number; the import runs (one transaction) only when no row has a problem. The
// template is made here from the domain's columns. Online only: offline it says so and keeps the file.
import { Button, FileInput, Group, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IMPORT_KINDS,
  type ImportAction,
  type ImportKind,
  type ImportPreview,
  type ImportProblemView,
  importTemplate,
} from '@nursery/domain/settings';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LockIcon } from '../../../components/icons';
import { Notice } from '../../../components/Notice';
import { useIsOffline } from '../../../lib/connectivity';
import i18n, { LANGUAGE } from '../../../lib/i18n';
import { useSession } from '../../auth';
import { importApi } from './importApi';
import { importStrings } from './importStrings';

i18n.addResources(LANGUAGE, 'translation', importStrings);

const PERMISSION_OF = { children: 'settingsChildren', staff: 'addStaff' } as const;
/** The darkest shades: the words pass the contrast check on white and on a striped row. */
const ACTION_COLOUR: Record<ImportAction, string> = {
  create: '#1b5e20',
  update: 'blue.9',
  unchanged: 'gray.8',
  invalid: 'red.9',
};

const isKind = (value: string | undefined): value is ImportKind =>
  (IMPORT_KINDS as readonly string[]).includes(value ?? '');

export function Component() {
  const { t } = useTranslation();
  const { kind } = useParams();
  const { can } = useSession();
  const importKind: ImportKind = isKind(kind) ? kind : 'children';
  useDocumentTitle(`${t(`import-title-${importKind}`)} – ${t('app-name')}`);
  return (
    <Stack gap="md" maw={1100} data-qa="import-page">
      <div>
        <Title order={1} fz="h2">
          {t(`import-title-${importKind}`)}
        </Title>
        <Text c="dimmed">{t(`import-intro-${importKind}`)}</Text>
      </div>
      {can(PERMISSION_OF[importKind]) ? (
        <ImportForm key={importKind} kind={importKind} />
      ) : (
        <Notice color="gray" icon={<LockIcon />} qa="import-no-access">
          {t('err-no-access')}
        </Notice>
      )}
    </Stack>
  );
}

/** The template as a file the browser saves (the domain's header and example row). */
function downloadTemplate(kind: ImportKind) {
  const url = URL.createObjectURL(new Blob([importTemplate(kind)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${kind}-import-template.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function ImportForm({ kind }: { kind: ImportKind }) {
  const { t } = useTranslation();
  const { site, sites } = useSession();
  const offline = useIsOffline();
  const [siteID, setSiteID] = useState(String(site.id));
  const [file, setFile] = useState<File | null>(null);
  const preview = useMutation({
    mutationFn: async (args: { file: File; siteID: string }) =>
      importApi.preview({ kind, siteID: Number(args.siteID), csv: await args.file.text() }),
  });
  const run = useMutation({
    mutationFn: async (args: { file: File; siteID: string }) =>
      importApi.run({ kind, siteID: Number(args.siteID), csv: await args.file.text() }),
    onSuccess: (result, args) => {
      notifications.show({
        color: 'green',
        message: t('import-done', {
          created: String(result.created),
          updated: String(result.updated),
          unchanged: String(result.unchanged),
        }),
        autoClose: 8000,
      });
      // The same file again: every row now reads "No change".
      preview.mutate(args);
    },
  });
  const check = (next: { file: File | null; siteID: string }) => {
    run.reset();
    if (next.file && !offline) preview.mutate({ file: next.file, siteID: next.siteID });
    else preview.reset();
  };
  const answer = preview.data;
  return (
    <Stack gap="md">
      {offline && (
        <Notice color="yellow" qa="import-offline">
          {t('import-offline')}
        </Notice>
      )}
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group align="flex-end" gap="md" wrap="wrap">
            {sites.length > 1 && (
              <Select
                label={t('import-site')}
                data={sites.map((s) => ({ value: String(s.id), label: s.name }))}
                value={siteID}
                allowDeselect={false}
                onChange={(value) => {
                  if (!value) return;
                  setSiteID(value);
                  check({ file, siteID: value });
                }}
                data-qa="import-site"
                w={260}
              />
            )}
            <FileInput
              label={t('import-file')}
              placeholder={t('import-file-placeholder')}
              description={t('import-file-help')}
              accept=".csv,text/csv"
              value={file}
              onChange={(next) => {
                setFile(next);
                check({ file: next, siteID });
              }}
              clearable
              clearButtonProps={{ 'aria-label': t('import-file-clear') }}
              w={340}
              data-qa="import-file"
            />
            <Button variant="default" onClick={() => downloadTemplate(kind)} data-qa="import-template">
              {t('import-template')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {t('import-template-help')}
          </Text>
        </Stack>
      </Paper>
      {preview.isPending && (
        <Group gap="xs" role="status" data-qa="import-checking">
          <Loader size="sm" />
          <Text>{t('import-checking')}</Text>
        </Group>
      )}
      {preview.error && (
        <Notice color="red" role="alert" qa="import-check-failed">
          {t('import-check-failed', { message: preview.error.message })}
        </Notice>
      )}
      {answer && !preview.isPending && (
        <PreviewResult
          answer={answer}
          running={run.isPending}
          runError={run.error?.message ?? null}
          onRun={() => file && !offline && run.mutate({ file, siteID })}
          offline={offline}
        />
      )}
    </Stack>
  );
}

function PreviewResult({
  answer,
  running,
  runError,
  onRun,
  offline,
}: {
  answer: ImportPreview;
  running: boolean;
  runError: string | null;
  onRun: () => void;
  offline: boolean;
}) {
  const { t } = useTranslation();
  const { counts } = answer;
  const writes = counts.create + counts.update;
  const blocked = counts.invalid > 0 || answer.missing.length > 0;
  return (
    <Stack gap="sm" data-qa="import-preview">
      {answer.missing.length > 0 && (
        <Notice color="red" role="alert" qa="import-missing">
          {t('import-missing-columns', { columns: answer.missing.join(', ') })}
        </Notice>
      )}
      {answer.ignored.length > 0 && (
        <Text size="sm" c="dimmed" data-qa="import-ignored">
          {t('import-ignored-columns', { columns: answer.ignored.join(', ') })}
        </Text>
      )}
      {answer.rows.length === 0 ? (
        <Notice color="gray" qa="import-empty">
          {t('import-empty')}
        </Notice>
      ) : (
        <>
          <Group gap="lg" data-qa="import-counts">
            {(['create', 'update', 'unchanged', 'invalid'] as const).map((action) => (
              <Text key={action} fw={700} c={ACTION_COLOUR[action]}>
                {t(`import-count-${action}`, { count: counts[action] })}
              </Text>
            ))}
          </Group>
          <Table.ScrollContainer minWidth={640}>
            <Table striped withTableBorder data-qa="import-rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('import-col-row')}</Table.Th>
                  <Table.Th>{t('import-col-name')}</Table.Th>
                  <Table.Th>{t('import-col-action')}</Table.Th>
                  <Table.Th>{t('import-col-problems')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {answer.rows.map((row) => (
                  <Table.Tr key={row.row} data-qa={`import-row-${row.row}`}>
                    <Table.Td>{row.row}</Table.Td>
                    <Table.Td>{row.name}</Table.Td>
                    <Table.Td>
                      <Text span size="sm" fw={700} c={ACTION_COLOUR[row.action]}>
                        {t(`import-action-${row.action}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {row.problems.map((p) => (
                        <Text key={`${p.column}-${p.code}-${p.value}`} size="sm" c="red.9">
                          {problemText(t, p)}
                        </Text>
                      ))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      {blocked ? (
        answer.rows.length > 0 && (
          <Notice color="yellow" qa="import-fix">
            {t('import-fix-problems')}
          </Notice>
        )
      ) : writes === 0 ? (
        answer.rows.length > 0 && (
          <Notice color="gray" qa="import-nothing">
            {t('import-nothing-to-do')}
          </Notice>
        )
      ) : (
        <Group>
          <Button onClick={onRun} loading={running} disabled={offline} data-qa="import-run">
            {t('import-run', { count: writes })}
          </Button>
        </Group>
      )}
      {runError && (
        <Notice color="red" role="alert" qa="import-run-failed">
          {t('import-run-failed', { message: runError })}
        </Notice>
      )}
    </Stack>
  );
}

function problemText(t: TFunction, p: ImportProblemView): string {
  const text = t(`import-problem-${p.code}`, { value: p.value ?? '', limit: String(p.limit ?? '') });
  return p.column ? `${p.column}: ${text}` : text;
}
