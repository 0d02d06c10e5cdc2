// The profile's photo (issue 30; spec 002 §4 "Offline users cannot … upload a profile photo", §7 POST
// people/{personID}/image.jpg): the user's photo, or their initials, and a button to upload a new one.
// The photo is prepared on the device as the events' photos are (upright, scaled down, in a worker);
// the server cuts it square. Offline the button refuses with the spec's message.
import { Button, Group, Stack, Text } from '@mantine/core';
import type { getProfilePhoto, uploadProfilePhoto } from '@nursery/domain/account';
import { routePath, routes } from '@nursery/domain/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../components/Notice';
import { routeUrl, uploadWithProgress } from '../../lib/api';
import { useIsOffline } from '../../lib/connectivity';
import { randomUuid } from '../../lib/uuid';
import { CONFIG_QUERY_KEY, useSession } from '../auth';
import { PhotoUnreadable, preparePhoto } from '../events';
import classes from './ProfilePhoto.module.css';

/** What the picker offers (what the server takes: 415 otherwise). */
const ACCEPT = 'image/jpeg,image/png,image/webp';

async function sendPhoto(personID: number, picked: File, onProgress: (f: number) => void) {
  const prepared = await preparePhoto(randomUuid(), picked, picked.type, () => undefined);
  const form = new FormData();
  form.append('file', prepared.file, prepared.file.name);
  return uploadWithProgress<typeof uploadProfilePhoto>(
    {
      method: 'POST',
      // The contract's path with the person filled in (the upload takes the route as its address).
      path: routePath(routes.uploadProfilePhoto.path, { personID }) as typeof routes.uploadProfilePhoto.path,
    },
    form,
    { onProgress },
  );
}

export function ProfilePhoto() {
  const { t } = useTranslation();
  const { me } = useSession();
  const offline = useIsOffline();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [version, setVersion] = useState<string | null>(null);
  const [failedToShow, setFailedToShow] = useState(false);
  const [refusedOffline, setRefusedOffline] = useState(false);
  const [progress, setProgress] = useState(0);
  const upload = useMutation({
    mutationFn: (file: File) => sendPhoto(me.personID, file, setProgress),
    onSuccess: (answer) => {
      setVersion(answer.updated);
      setFailedToShow(false);
      void queryClient.invalidateQueries({ queryKey: CONFIG_QUERY_KEY });
    },
  });

  const showsPhoto = (me.hasImage || version !== null) && !failedToShow;
  const src = `${routeUrl<typeof getProfilePhoto>(routes.getProfilePhoto, { params: { personID: me.personID } })}${version ? `?v=${encodeURIComponent(version)}` : ''}`;
  const initials = `${me.forename.charAt(0)}${me.surname.charAt(0)}`.toLocaleUpperCase('en-GB');
  const choose = () => {
    upload.reset();
    if (offline) {
      setRefusedOffline(true);
      return;
    }
    setRefusedOffline(false);
    input.current?.click();
  };

  return (
    <Stack gap="xs" data-qa="profile-photo">
      <Group gap="md" wrap="nowrap" align="center">
        {showsPhoto ? (
          <img
            className={classes.photo}
            src={src}
            alt={t('profile-photo-alt')}
            onError={() => setFailedToShow(true)}
            data-qa="profile-photo-image"
          />
        ) : (
          <span
            className={`${classes.photo} ${classes.initials}`}
            aria-hidden="true"
            data-qa="profile-photo-initials"
          >
            {initials}
          </span>
        )}
        <Button
          variant="light"
          mih={44}
          onClick={choose}
          loading={upload.isPending}
          data-qa="profile-photo-upload"
        >
          {showsPhoto ? t('profile-photo-change') : t('profile-photo-add')}
        </Button>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          data-qa="profile-photo-input"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) upload.mutate(file);
          }}
        />
      </Group>
      {upload.isPending ? (
        <Text size="sm" c="dimmed" role="status">
          {t('profile-photo-uploading', { percent: String(Math.round(progress * 100)) })}
        </Text>
      ) : null}
      {refusedOffline ? (
        <Notice color="red" role="alert" qa="profile-photo-offline">
          {t('profile-photo-offline')}
        </Notice>
      ) : null}
      {upload.isSuccess ? (
        <Text size="sm" c="green.9" role="status" data-qa="profile-photo-saved">
          {t('profile-photo-saved')}
        </Text>
      ) : null}
      {upload.isError ? (
        <Notice color="red" role="alert" qa="profile-photo-error">
          {upload.error instanceof PhotoUnreadable
            ? t('profile-photo-unreadable')
            : t('profile-photo-failed', { message: (upload.error as Error).message })}
        </Notice>
      ) : null}
    </Stack>
  );
}
