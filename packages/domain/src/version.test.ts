import { describe, expect, it } from 'vitest';
import { compareVersions, versionAlert } from './version.ts';

describe('compareVersions', () => {
  it('compares numerically, part by part', () => {
    expect(compareVersions('2.9.0', '2.10.0')).toBe(-1);
    expect(compareVersions('2.67.0', '2.67')).toBe(0);
    expect(compareVersions('v3.0.0', '2.99.99')).toBe(1);
    expect(compareVersions('2.67.1', '2.67.0')).toBe(1);
  });
});

describe('versionAlert', () => {
  it('danger below the minimum 2.67.0 when not the latest', () => {
    expect(versionAlert('2.66.9')).toBe('danger');
    expect(versionAlert('2.66.9', '2.67.0', '2.70.0')).toBe('danger');
  });
  it('no danger at the minimum', () => {
    expect(versionAlert('2.67.0')).toBeNull();
  });
  it('no danger when running the latest even if below minimum', () => {
    expect(versionAlert('2.66.0', '2.67.0', '2.66.0')).toBeNull();
  });
  it('info when a newer version exists', () => {
    expect(versionAlert('2.67.0', '2.67.0', '2.68.0')).toBe('info');
  });
});
