import { childrenRefusingPhotos, type PhotoConsent } from '@nursery/domain/children';
import type { TFunction } from 'i18next';
import { openConfirmDialog } from '../../components/confirmDialog';

const names = (list: readonly { forename: string; surname: string }[]) => {
  const all = list.map((c) => `${c.forename} ${c.surname}`);
  return all.length <= 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} and ${all.at(-1)}`;
};

/**
 * Issue 27: a photo or video of an event with a child whose parents refused photos is saved only after
 * an explicit confirmation naming the child (the warning alone was saved past). Answers true when it
 * asked (the save waits for `onConfirm`), false when nothing needs asking.
 */
export function askPhotoConsent({
  childIDs,
  siteChildren,
  mediaCount,
  t,
  onConfirm,
}: {
  childIDs: readonly number[];
  siteChildren: readonly { id: number; forename: string; surname: string; photoConsent: PhotoConsent }[];
  mediaCount: number;
  t: TFunction;
  onConfirm: () => void;
}): boolean {
  const refusing = childrenRefusingPhotos(childIDs, siteChildren, mediaCount);
  if (refusing.length === 0) return false;
  const list = names(refusing);
  openConfirmDialog({
    title: t('photo-consent-confirm-title', { names: list }),
    body: t('photo-consent-confirm-body', { count: refusing.length, names: list }),
    confirmLabel: t('photo-consent-confirm'),
    cancelLabel: t('photo-consent-go-back'),
    confirmQa: 'photo-consent-confirm',
    cancelQa: 'photo-consent-go-back',
    onConfirm,
  });
  return true;
}
