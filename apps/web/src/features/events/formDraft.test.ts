// Form drafts: when a form counts as changed, how a kept draft is restored, and the Dexie rows
// (fake-indexeddb) per user and route with their expiry.
import 'fake-indexeddb/auto';
import type { EventTypeConfig } from '@nursery/domain/account';
import { beforeEach, describe, expect, it } from 'vitest';
import { FORM_DRAFT_MAX_AGE_MS, offlineDB } from '../../lib/offline/db';
import { newForm } from './form/model';
import { formDraftRoute, isFormDirty, isWorthOffering, lostMediaCount, restoredForm } from './formDraft';
import { deleteFormDraft, readFormDraft, writeFormDraft } from './formDraftStore';

const TZ = 'Europe/London';
const observation: EventTypeConfig = {
  id: 1,
  value: 'Observation',
  tag: 'observation',
  canView: true,
  enabled: true,
  addMedia: true,
  addPhoto: true,
  addVideo: true,
  canTag: true,
  autoTag: false,
  ownRoleIDs: [],
  othersRoleIDs: [],
  codes: [{ id: 10, value: 'Observation', enabled: true }],
};
const at = new Date('2026-11-21T14:05:00Z');
const initial = newForm({ kind: 'events', now: at, timeZone: TZ, type: observation });

describe('form drafts: pure parts', () => {
  it('names the route: one add form, one per edited event', () => {
    expect(formDraftRoute(null)).toBe('add');
    expect(formDraftRoute(42)).toBe('edit/42');
  });

  it('tells a changed form, whatever the key order, and ignores the save id', () => {
    expect(isFormDirty(initial, initial)).toBe(false);
    expect(isFormDirty({ ...initial, uuid: 'other' }, initial)).toBe(false);
    const reordered = Object.fromEntries(Object.entries(initial).reverse()) as typeof initial;
    expect(isFormDirty(reordered, initial)).toBe(false);
    expect(isFormDirty({ ...initial, notes: 'Jumped' }, initial)).toBe(true);
    expect(isFormDirty({ ...initial, childIDs: [3] }, initial)).toBe(true);
    expect(isFormDirty({ ...initial, uploading: ['m1'] }, initial)).toBe(true);
    // Typed and taken back: nothing to keep.
    expect(isFormDirty({ ...initial, notes: '' }, initial)).toBe(false);
  });

  it('restores the kept values over a fresh form, without photos gone with the page', () => {
    const kept = { ...initial, notes: 'Half written', mediaIDs: ['up', 'waiting', 'gone'] };
    const restored = restoredForm(
      { form: kept, waitingMediaIDs: ['waiting', 'gone'] },
      initial,
      (id) => id === 'waiting',
    );
    expect(restored.notes).toBe('Half written');
    expect(restored.mediaIDs).toEqual(['up', 'waiting']);
    expect(restored.uploading).toEqual([]);
    expect(restored.uuid).toBe(initial.uuid);
    expect(
      lostMediaCount({ form: kept, waitingMediaIDs: ['waiting', 'gone'] }, (id) => id === 'waiting'),
    ).toBe(1);
    // A draft of an older build lacking fields still gives a whole form.
    const partial = restoredForm(
      { form: { notes: 'Old' } as never, waitingMediaIDs: [] },
      initial,
      () => true,
    );
    expect(partial).toMatchObject({ notes: 'Old', typeID: 1, childIDs: [], values: {} });
  });

  it('offers only a draft that differs from the opened form', () => {
    expect(isWorthOffering({ form: { ...initial, uuid: 'x' } }, initial)).toBe(false);
    expect(isWorthOffering({ form: { ...initial, notes: 'x' } }, initial)).toBe(true);
  });
});

describe('form drafts on the device', () => {
  beforeEach(async () => {
    await offlineDB().formDrafts.clear();
  });
  const now = at.getTime();

  it('keeps one draft per user and route; another user never reads it', async () => {
    const form = { ...initial, notes: 'Mine' };
    await writeFormDraft(7, { route: 'add', baseVersion: null, form, waitingMediaIDs: [], savedAt: now });
    await writeFormDraft(7, {
      route: 'add',
      baseVersion: null,
      form: { ...form, notes: 'Mine, later', uploading: ['u'] },
      waitingMediaIDs: [],
      savedAt: now + 1000,
    });
    await writeFormDraft(7, {
      route: 'edit/5',
      baseVersion: 3,
      form: { ...form, notes: 'Edit' },
      waitingMediaIDs: [],
      savedAt: now,
    });
    const add = await readFormDraft(7, 'add', now + 2000);
    expect(add?.form.notes).toBe('Mine, later');
    expect(add?.form.uploading).toEqual([]);
    expect(add?.savedAt).toBe(now + 1000);
    expect((await readFormDraft(7, 'edit/5', now))?.baseVersion).toBe(3);
    expect(await readFormDraft(8, 'add', now)).toBeNull();
    await deleteFormDraft(7, 'add');
    expect(await readFormDraft(7, 'add', now)).toBeNull();
    expect(await readFormDraft(7, 'edit/5', now)).not.toBeNull();
  });

  it('drops drafts older than the maximum age, of every user', async () => {
    const form = { ...initial, notes: 'Old' };
    await writeFormDraft(7, { route: 'add', baseVersion: null, form, waitingMediaIDs: [], savedAt: now });
    await writeFormDraft(8, { route: 'add', baseVersion: null, form, waitingMediaIDs: [], savedAt: now });
    expect(await readFormDraft(7, 'add', now + FORM_DRAFT_MAX_AGE_MS)).not.toBeNull();
    expect(await readFormDraft(7, 'add', now + FORM_DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(await offlineDB().formDrafts.count()).toBe(0);
  });
});
