import { describe, expect, it } from 'vitest';
import { PERMISSIONS, permissionMap } from './permissions.ts';
import { SETTINGS_CARDS, settingsHub } from './settingsHub.ts';

const none = permissionMap([]);
const all = permissionMap([{ permissions: [...PERMISSIONS] }]);
const ids = (hub: ReturnType<typeof settingsHub>) =>
  hub.map((c) => `${c.id}: ${c.tabs.map((t) => `${t.tab}=${t.cards.map((x) => x.id).join(',')}`).join(' ')}`);

describe('settingsHub', () => {
  it('shows only the Device card to someone with no settings permission; the other categories are hidden', () => {
    expect(ids(settingsHub(none))).toEqual(['this-device: settings=device']);
  });

  it('shows every card of the spec with every permission, by category and tab in order', () => {
    expect(ids(settingsHub(all))).toEqual([
      'organisation: settings=provider,sites,payment,parentzone,openapi',
      'people: settings=permissions,gdpr user-management=staff,children,contacts,add-contact',
      'learning-and-care: settings=meals,frameworks,documents,activities',
      'this-device: settings=device',
    ]);
  });

  it('a card follows its own permission; a tab without cards is left out', () => {
    const hub = settingsHub({ ...none, settingsPermissions: true });
    expect(ids(hub)).toEqual(['people: settings=permissions', 'this-device: settings=device']);
  });

  it('leaves out the cards the device has no screen for, and a category left empty', () => {
    const hub = settingsHub(all, (card) => card.id === 'device' || card.id === 'meals');
    expect(ids(hub)).toEqual(['learning-and-care: settings=meals', 'this-device: settings=device']);
  });

  it('names each of the spec’s fifteen permission cards once, and the Device card without one', () => {
    const withPermission = SETTINGS_CARDS.filter((c) => c.permission !== null);
    expect(withPermission).toHaveLength(15);
    expect(new Set(withPermission.map((c) => c.permission)).size).toBe(15);
    expect(SETTINGS_CARDS.filter((c) => c.permission === null).map((c) => c.id)).toEqual(['device']);
  });
});
