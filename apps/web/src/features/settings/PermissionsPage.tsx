// #/settings/permissions (issue 29): roles as sets of permissions. Each role is one accordion item with
// its name, who holds it, and its permissions by group; Save sends the whole list (a change applies to
// the next request of every session of the role). Add a role; delete one nobody holds, after a
// confirmation. Online only: offline it says so and keeps what was typed until the connection is back.
import { Accordion, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Permission } from '@nursery/domain/common';
import {
  normalisePermissions,
  PERMISSION_GROUPS,
  ROLE_NAME_MAX,
  type RoleSummary,
} from '@nursery/domain/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../components/confirmDialog';
import { GatedPage } from '../../components/GatedPage';
import { Notice } from '../../components/Notice';
import { ApiError } from '../../lib/api';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useSession } from '../auth';
import { AddByNameForm } from './AddByNameForm';
import { rolesApi, rolesQuery } from './api';
import { RowControl } from './InlineRowForm';
import { permissionsStrings } from './permissionsStrings';
import { SettingsListStates } from './SettingsListStates';
import { nameProblem } from './siteForms';

i18n.addResources(LANGUAGE, 'translation', permissionsStrings);

/** A refusal's message: the role codes have their own words, anything else the server's message. */
function useProblemText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    if (error instanceof ApiError && error.code === 'err-role-name-taken') return t('err-role-name-taken');
    if (error instanceof ApiError && error.code === 'err-role-in-use') return t('err-role-in-use');
    if (error instanceof ApiError && error.code === 'err-last-permissions-admin')
      return t('err-last-permissions-admin');
    return t('permissions-error', { message: error instanceof Error ? error.message : String(error) });
  };
}

export function Component() {
  const { t } = useTranslation();
  const { can } = useSession();
  return (
    <GatedPage
      qa="permissions"
      title={t('permissions-title')}
      intro={t('permissions-intro')}
      maw={1000}
      allowed={can('settingsPermissions')}
      noAccess={t('permissions-no-access')}
    >
      <Roles />
    </GatedPage>
  );
}

function Roles() {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const query = useQuery({ ...rolesQuery(), retry: 1, enabled: !offline });
  return (
    <SettingsListStates
      qa="permissions"
      query={query}
      offline={offline}
      texts={{
        offline: t('permissions-offline'),
        loading: t('permissions-loading'),
        loadFailed: t('permissions-load-failed'),
        retry: t('permissions-retry'),
      }}
    >
      {query.data && (
        <>
          <Accordion multiple variant="separated" data-qa="permissions-roles">
            {query.data.roles.map((role) => (
              <RoleItem key={role.id} role={role} offline={offline} />
            ))}
          </Accordion>
          {query.data.permittedActions.add && <AddRole offline={offline} />}
        </>
      )}
    </SettingsListStates>
  );
}

function RoleItem({ role, offline }: { role: RoleSummary; offline: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(role.name);
  const [granted, setGranted] = useState<ReadonlySet<Permission>>(() => new Set(role.permissions));
  const chosen = normalisePermissions([...granted]);
  const dirty = name.trim() !== role.name || chosen.join() !== role.permissions.join();
  const problem = nameProblem(name, ROLE_NAME_MAX);
  const problemText = useProblemText();
  const save = useMutation({
    mutationFn: () => rolesApi.update(role.id, { name, permissions: chosen }),
    onSuccess: (saved) => {
      setName(saved.name);
      setGranted(new Set(saved.permissions));
      notifications.show({ color: 'green', message: t('permissions-saved', { role: saved.name }) });
      return queryClient.invalidateQueries({ queryKey: ['roles'] });
    },
  });
  const remove = useMutation({
    mutationFn: () => rolesApi.remove(role.id),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('permissions-deleted', { role: role.name }) });
      return queryClient.invalidateQueries({ queryKey: ['roles'] });
    },
  });
  const toggle = (permission: Permission, on: boolean) =>
    setGranted((now) => {
      const next = new Set(now);
      if (on) next.add(permission);
      else next.delete(permission);
      return next;
    });
  const heldBy =
    role.staffCount === 0
      ? t('permissions-held-by_zero')
      : t('permissions-held-by', { count: role.staffCount });
  return (
    <Accordion.Item value={String(role.id)} data-qa="permissions-role" data-role={role.name}>
      <RowControl name={role.name} summary={heldBy} unsaved={dirty ? t('permissions-unsaved') : null} />
      <Accordion.Panel>
        <Stack gap="md">
          <TextInput
            label={t('permissions-role-name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={ROLE_NAME_MAX + 10}
            error={problem}
            data-qa="permissions-role-name"
            maw={420}
          />
          {PERMISSION_GROUPS.map((group) => (
            <fieldset key={group.id} style={{ border: 0, margin: 0, padding: 0 }}>
              <Text component="legend" fw={600} mb={4}>
                {t(`permissions-group-${group.id}`)}
              </Text>
              <div
                style={{
                  display: 'grid',
                  gridTemplateColumns: 'repeat(auto-fill, minmax(18rem, 1fr))',
                  columnGap: 16,
                }}
              >
                {group.permissions.map((permission) => (
                  <Checkbox
                    key={permission}
                    label={t(`permission-${permission}`)}
                    checked={granted.has(permission)}
                    onChange={(e) => toggle(permission, e.currentTarget.checked)}
                    data-qa="permissions-permission"
                    data-permission={permission}
                  />
                ))}
              </div>
            </fieldset>
          ))}
          {(save.isError || remove.isError) && (
            <Notice color="red" role="alert" qa="permissions-problem">
              {problemText(save.error ?? remove.error)}
            </Notice>
          )}
          <Group justify="space-between">
            <Button
              variant="subtle"
              color="red"
              disabled={offline || !role.permittedActions.delete || remove.isPending}
              title={role.permittedActions.delete ? undefined : t('permissions-delete-held')}
              onClick={() =>
                openConfirmDialog({
                  title: t('permissions-delete-title', { role: role.name }),
                  body: t('permissions-delete-body'),
                  confirmLabel: t('permissions-delete', { role: role.name }),
                  cancelLabel: t('cancel'),
                  confirmQa: 'permissions-delete-confirm',
                  onConfirm: () => remove.mutate(),
                })
              }
              data-qa="permissions-delete"
            >
              {t('permissions-delete', { role: role.name })}
            </Button>
            <Button
              disabled={offline || !dirty || problem !== null}
              loading={save.isPending}
              onClick={() => save.mutate()}
              data-qa="permissions-save"
            >
              {t('permissions-save', { role: name.trim() || role.name })}
            </Button>
          </Group>
          {!role.permittedActions.delete && (
            <Text size="sm" c="dimmed">
              {t('permissions-delete-held')}
            </Text>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

function AddRole({ offline }: { offline: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refusalText = useProblemText();
  return (
    <AddByNameForm
      qa="permissions"
      title={t('permissions-add-title')}
      label={t('permissions-role-name')}
      submitLabel={t('permissions-add')}
      offline={offline}
      problemOf={(name) => nameProblem(name, ROLE_NAME_MAX)}
      refusalText={refusalText}
      nameField={{ maw: 420, style: { flex: 1 } }}
      add={(name) => rolesApi.create({ name, permissions: [] })}
      onAdded={(role) => {
        notifications.show({ color: 'green', message: t('permissions-added', { role: role.name }) });
        return queryClient.invalidateQueries({ queryKey: ['roles'] });
      }}
    />
  );
}
