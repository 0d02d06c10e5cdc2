// #/notifications/settings (spec 002 §2 Profile "notification settings (openable directly)", §3
// Notification type, §6 receiveEmails and viewTimeline, §7 GET notifications config, PUT notifications
// and eventNotifications): a table of types × methods; a method the user may not choose is disabled
// with the server's reason; Save with the save icon's idle, saving, saved states (§4 Forms).
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { SAVED_ICON_MS } from '@nursery/domain/common';
import {
  NOTIFICATION_METHOD_IDS,
  type NotificationConfigAnswer,
  type NotificationTypeSetting,
} from '@nursery/domain/home';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronLeftIcon, OfflineIcon } from '../../components/icons';
import listPage from '../../components/ListPage.module.css';
import { Notice } from '../../components/Notice';
import { QueryState } from '../../components/QueryState';
import { SaveIcon, type SaveState } from '../../components/SaveIcon';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { notificationConfigQuery, notificationKeys, notificationsApi } from './api';
import classes from './Notifications.module.css';
import { type Choices, choicesOf, settingsSaves, toggleChoice } from './notificationView';
import { notificationsStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', notificationsStrings);

export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('notification-settings-title')} – ${t('app-name')}`);
  const query = useQuery({ ...notificationConfigQuery(), retry: 1 });
  return (
    <Stack gap="md" maw={900} data-qa="notification-settings-page" data-status={query.status}>
      <div>
        <Button
          component={Link}
          to="/notifications"
          variant="subtle"
          leftSection={<ChevronLeftIcon size={18} />}
          className={listPage.touch}
          data-qa="notification-settings-back"
        >
          {t('notifications-back')}
        </Button>
        <Title order={1} fz="h2">
          {t('notification-settings-title')}
        </Title>
        <Text c="dimmed">{t('notification-settings-intro')}</Text>
      </div>
      <QueryState
        query={query}
        qa="notification-settings"
        loading={t('notification-settings-loading')}
        error={() => t('notification-settings-load-failed')}
      >
        {(config) => <SettingsForm config={config} />}
      </QueryState>
    </Stack>
  );
}

function SettingsForm({ config }: { config: NotificationConfigAnswer }) {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<Choices>(() => choicesOf(config));
  const [choices, setChoices] = useState<Choices>(saved);
  const [state, setState] = useState<SaveState>('idle');
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const saves = settingsSaves(config.types, saved, choices);
  const changed = saves.general !== null || saves.event !== null;

  const save = async () => {
    clearTimeout(timer.current);
    setState('saving');
    setFailed(false);
    try {
      // Each group by its own call (spec 002 §7); the last answer is the settings as now stored.
      let answer: NotificationConfigAnswer | undefined;
      if (saves.general) answer = await notificationsApi.saveGeneral(saves.general);
      if (saves.event) answer = await notificationsApi.saveEvent(saves.event);
      if (answer) {
        queryClient.setQueryData(notificationKeys.config, answer);
        const stored = choicesOf(answer);
        setSaved(stored);
        setChoices(stored);
      }
      setState('saved');
      timer.current = setTimeout(() => setState('idle'), SAVED_ICON_MS);
    } catch {
      setState('idle');
      setFailed(true);
    }
  };

  const groups = [
    { key: 'event' as const, label: t('notification-settings-event-group') },
    { key: 'general' as const, label: t('notification-settings-general-group') },
  ];

  return (
    <Stack gap="md">
      {offline && (
        <Notice color="orange" icon={<OfflineIcon />} qa="notification-settings-offline">
          {t('notification-settings-offline')}
        </Notice>
      )}
      {groups.map((group) => {
        const types = config.types.filter((x) => x.group === group.key);
        if (types.length === 0) return null;
        return (
          <table key={group.key} className={classes.table} data-qa={`notification-settings-${group.key}`}>
            <caption style={{ textAlign: 'left', fontWeight: 700, padding: '8px 0' }}>{group.label}</caption>
            <thead>
              <tr>
                <th scope="col">{t('notification-settings-type')}</th>
                {NOTIFICATION_METHOD_IDS.map((m) => (
                  <th key={m} scope="col" className={classes.method}>
                    {t(`notification-settings-method-${m}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {types.map((type) => (
                <TypeRow
                  key={type.id}
                  type={type}
                  chosen={choices.get(type.id) ?? []}
                  offline={offline}
                  onToggle={(methodId, on) => setChoices((c) => toggleChoice(c, type.id, methodId, on))}
                />
              ))}
            </tbody>
          </table>
        );
      })}
      {failed && (
        <Notice color="red" role="alert" qa="notification-settings-save-failed">
          {t('notification-settings-save-failed')}
        </Notice>
      )}
      <Group gap="sm">
        <Button
          onClick={() => void save()}
          disabled={!changed || offline || state === 'saving'}
          className={listPage.touch}
          data-qa="notification-settings-save"
        >
          {t('notification-settings-save')}
        </Button>
        <SaveIcon state={state} />
      </Group>
    </Stack>
  );
}

function TypeRow({
  type,
  chosen,
  offline,
  onToggle,
}: {
  type: NotificationTypeSetting;
  chosen: readonly number[];
  offline: boolean;
  onToggle: (methodId: number, on: boolean) => void;
}) {
  const { t } = useTranslation();
  // Each distinct reason once under the type's name (the disabled boxes point to it).
  const reasons = [...new Set(type.methods.filter((m) => m.reason).map((m) => m.reason!))];
  const reasonId = (reason: string) => `notification-reason-${type.id}-${reason}`;
  return (
    <tr data-qa="notification-type" data-code={type.code} data-group={type.group}>
      <th scope="row" style={{ fontWeight: 600 }}>
        {type.name}
        {reasons.length > 0 && (
          <ul className={classes.reasons}>
            {reasons.map((r) => (
              <li key={r} id={reasonId(r)} data-qa="notification-reason" data-reason={r}>
                {t(`notification-settings-reason-${r}`)}
              </li>
            ))}
          </ul>
        )}
      </th>
      {type.methods.map((m) => {
        const disabled = !m.choosable || offline;
        const label = t('notification-settings-choice', {
          method: t(`notification-settings-method-${m.id}`),
          type: type.name,
        });
        return (
          <td key={m.id} className={classes.method}>
            <label
              className={classes.checkLabel}
              data-disabled={disabled}
              title={m.reason ? t(`notification-settings-reason-${m.reason}`) : undefined}
            >
              <input
                type="checkbox"
                checked={chosen.includes(m.id)}
                disabled={disabled}
                aria-label={label}
                aria-describedby={m.reason ? reasonId(m.reason) : undefined}
                onChange={(e) => onToggle(m.id, e.currentTarget.checked)}
                data-qa="notification-method"
                data-method={m.id}
              />
            </label>
          </td>
        );
      })}
    </tr>
  );
}
