// The profile's details sections (spec 002 §2 Profile accordion: contact details, address details,
// biography; §4 Forms; §5 Profile; §6 "Staff change their contact details only through a change request
// awaiting approval"). Each shows the stored details with any pending request's values over them and
// says which are awaiting approval; the button is enabled after an edit and disabled after a submit.
// Online only: offline the button is disabled and says why (a request is the server's to hold).
import { Badge, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { ProfileDetailField } from '@nursery/domain/account';
import { detailLimit } from '@nursery/domain/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/Notice';
import { isApiError } from '../../../lib/api';
import { useIsOffline } from '../../../lib/connectivity';
import { CONFIG_QUERY_KEY, useSession } from '../../auth';
import { detailsApi, OWN_CHANGE_REQUEST_KEY } from '../detailsApi';
import {
  DETAIL_SECTIONS,
  type DetailSection,
  type DetailValues,
  detailProblems,
  editedDetails,
  initialDetailValues,
  pendingDetailsOf,
  storedDetailsOf,
} from '../detailsForm';

/** The pending request (null when none, undefined until read or offline). */
function useOwnChangeRequest() {
  const offline = useIsOffline();
  return useQuery({
    queryKey: OWN_CHANGE_REQUEST_KEY,
    queryFn: ({ signal }) => detailsApi.pending(signal),
    enabled: !offline,
    // A manager may decide it at any time: read again whenever the profile opens.
    refetchOnMount: 'always',
    select: (answer) => answer.request,
  });
}

function DetailsForm({ section }: { section: DetailSection }) {
  const { t } = useTranslation();
  const { me } = useSession();
  const offline = useIsOffline();
  const queryClient = useQueryClient();
  const fields: readonly ProfileDetailField[] = DETAIL_SECTIONS[section];
  const pendingQuery = useOwnChangeRequest();
  const pending = pendingQuery.data;
  const stored = useMemo(() => storedDetailsOf(me), [me]);
  const initial = useMemo(() => initialDetailValues(fields, stored, pending), [fields, stored, pending]);
  const [values, setValues] = useState<DetailValues>(initial);
  const [edited, setEdited] = useState(false);
  const [shown, setShown] = useState<'none' | 'submitted' | 'no-change'>('none');
  // What the form opened with changes (the pending request arrived, or an approval reached config):
  // untouched fields follow it.
  useEffect(() => {
    if (!edited) setValues(initial);
  }, [initial, edited]);

  const problems = detailProblems(fields, values);
  const body = editedDetails(fields, initial, values);
  const raise = useMutation({
    mutationFn: () => detailsApi.raise(body),
    onSuccess: (answer) => {
      queryClient.setQueryData(OWN_CHANGE_REQUEST_KEY, answer);
      setEdited(false);
      setShown('submitted');
    },
    onError: (error) => {
      if (isApiError(error, 400) && error.code === 'err-no-change') {
        setEdited(false);
        setShown('no-change');
      }
    },
  });

  const change = (field: ProfileDetailField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setEdited(true);
    setShown('none');
    raise.reset();
  };
  const hasProblems = Object.keys(problems).length > 0;
  const canSend = edited && !hasProblems && Object.keys(body).length > 0 && !offline && !raise.isPending;
  const pendingHere = pendingDetailsOf(fields, pending);

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (canSend) raise.mutate();
      }}
    >
      <Stack gap="sm">
        <Text c="dimmed" size="sm">
          {t('profile-details-intro')}
        </Text>
        {pendingHere.length > 0 ? (
          <Notice color="yellow" qa={`profile-${section}-awaiting`}>
            <Group gap="xs" wrap="wrap">
              <Badge color="yellow" variant="filled" c="dark">
                {t('profile-details-awaiting')}
              </Badge>
              <Text size="sm">
                {t('profile-details-awaiting-text', {
                  fields: pendingHere
                    .map((f) => `${t(`profile-detail-${f}`)}: ${pending?.fields[f] ?? '–'}`)
                    .join('; '),
                })}
              </Text>
            </Group>
          </Notice>
        ) : null}
        {fields.map((field) => {
          const problem = problems[field];
          const error =
            edited && problem
              ? problem.key === 'this-field-has-max-length-of'
                ? t(problem.key, { limit: String(problem.params.limit) })
                : t(problem.key)
              : null;
          const common = {
            label: t(`profile-detail-${field}`),
            value: values[field] ?? '',
            onChange: (e: { currentTarget: { value: string } }) => change(field, e.currentTarget.value),
            error,
            'data-qa': `profile-detail-${field}`,
          };
          if (field === 'biography') {
            const left = detailLimit(field) - (values[field] ?? '').length;
            return (
              <Textarea
                key={field}
                {...common}
                autosize
                size="md"
                minRows={4}
                maxRows={12}
                description={t('profile-details-characters-left', { count: left })}
              />
            );
          }
          return (
            <TextInput
              key={field}
              {...common}
              autoComplete={AUTOCOMPLETE[field]}
              inputMode={field.startsWith('tel') ? 'tel' : undefined}
            />
          );
        })}
        {shown === 'submitted' ? (
          <Notice color="green" role="status" qa={`profile-${section}-submitted`}>
            {t('change-submitted-awaiting-approval')}
          </Notice>
        ) : null}
        {shown === 'no-change' ? (
          <Notice color="blue" role="status">
            {t('profile-details-no-change')}
          </Notice>
        ) : null}
        {raise.isError && !(isApiError(raise.error, 400) && raise.error.code === 'err-no-change') ? (
          <Notice color="red" role="alert" qa={`profile-${section}-error`}>
            {t('profile-details-failed', { message: (raise.error as Error).message })}
          </Notice>
        ) : null}
        {offline ? (
          <Text size="sm" c="dimmed" data-qa={`profile-${section}-offline`}>
            {t('profile-details-offline')}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" mih={44} disabled={!canSend} data-qa={`profile-${section}-submit`}>
            {raise.isPending ? t('profile-details-sending') : t('profile-details-submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The browser's autofill names of the fields. */
const AUTOCOMPLETE: Partial<Record<ProfileDetailField, string>> = {
  telmob: 'tel',
  address1: 'address-line1',
  address2: 'address-line2',
  address3: 'address-line3',
  address4: 'address-level2',
  address5: 'address-level1',
  postcode: 'postal-code',
};

/** The config is read again on opening, so an approved change shows (config changes rarely otherwise). */
function useFreshConfig() {
  const queryClient = useQueryClient();
  const offline = useIsOffline();
  useEffect(() => {
    if (!offline) void queryClient.invalidateQueries({ queryKey: CONFIG_QUERY_KEY });
  }, [queryClient, offline]);
}

export function ContactDetailsSection() {
  useFreshConfig();
  return <DetailsForm section="contact" />;
}

export function AddressDetailsSection() {
  return <DetailsForm section="address" />;
}

export function BiographySection() {
  return <DetailsForm section="biography" />;
}
