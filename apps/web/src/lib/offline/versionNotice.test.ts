import { describe, expect, it } from 'vitest';
import { serverIsNewer, versionNoticeDecision } from './versionNotice';

const base = { running: '2.67.0', minVersion: '2.67.0', latest: '2.67.0', updateWaiting: false };

describe('version notice decision (spec 002 §8)', () => {
  it('shows nothing when the app is current and no new build waits', () => {
    expect(versionNoticeDecision(base)).toBeNull();
    expect(versionNoticeDecision({ ...base, latest: null })).toBeNull();
  });

  it('is info with the latest version when the server runs a newer one', () => {
    expect(versionNoticeDecision({ ...base, latest: '2.68.0' })).toEqual({
      level: 'info',
      message: 'version-newer-available',
      latest: '2.68.0',
    });
  });

  it('is danger below the minimum when not the latest, prompting an update', () => {
    expect(versionNoticeDecision({ ...base, running: '2.66.9', latest: '2.70.0' })).toEqual({
      level: 'danger',
      message: 'version-outdated',
      latest: '2.70.0',
    });
    // The minimum comes from the server's config.
    expect(
      versionNoticeDecision({ ...base, running: '2.67.0', minVersion: '2.68.0', latest: '2.69.0' }),
    ).toMatchObject({ level: 'danger', latest: '2.69.0' });
    // Latest not known (offline): still danger, naming the minimum.
    expect(versionNoticeDecision({ ...base, running: '2.66.0', latest: null })).toMatchObject({
      level: 'danger',
      latest: '2.67.0',
    });
  });

  it('is not danger below the minimum when the app is the latest', () => {
    expect(versionNoticeDecision({ ...base, running: '2.66.0', latest: '2.66.0' })).toBeNull();
  });

  it('is info when a new build waits on the device, even with the same version number', () => {
    expect(versionNoticeDecision({ ...base, updateWaiting: true })).toEqual({
      level: 'info',
      message: 'version-update-ready',
    });
    expect(versionNoticeDecision({ ...base, latest: null, updateWaiting: true })).toMatchObject({
      message: 'version-update-ready',
    });
    expect(versionNoticeDecision({ ...base, latest: '2.68.0', updateWaiting: true })).toMatchObject({
      message: 'version-newer-available',
      latest: '2.68.0',
    });
  });

  it('danger wins over a waiting build', () => {
    expect(
      versionNoticeDecision({ ...base, running: '2.60.0', latest: '2.68.0', updateWaiting: true }),
    ).toMatchObject({ level: 'danger' });
  });

  it('tells whether the server is newer', () => {
    expect(serverIsNewer('2.67.0', '2.67.1')).toBe(true);
    expect(serverIsNewer('2.67.0', '2.67.0')).toBe(false);
    expect(serverIsNewer('2.67.0', null)).toBe(false);
    expect(serverIsNewer('2.10.0', '2.9.0')).toBe(false);
  });
});
