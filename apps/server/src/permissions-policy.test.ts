import { describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from './app.ts';

/**
 * Issue 27: "the Permissions-Policy names an unknown feature" (Chromium logged "Error with
 * Permissions-Policy header: Unrecognized feature: 'bluetooth'." on every page). Every directive must
 * be a policy-controlled feature the browsers recognise (Chromium's permissions_policy_features list,
 * which is the strictest about names; the others ignore what they do not know).
 */
const RECOGNISED = new Set([
  'accelerometer',
  'ambient-light-sensor',
  'autoplay',
  'browsing-topics',
  'camera',
  'clipboard-read',
  'clipboard-write',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'web-share',
  'xr-spatial-tracking',
]);

describe('Permissions-Policy', () => {
  const directives = PERMISSIONS_POLICY.split(',').map((d) => d.trim());

  it('names only features the browsers recognise (no "bluetooth")', () => {
    const features = directives.map((d) => d.split('=')[0]!);
    expect(features.filter((f) => !RECOGNISED.has(f))).toEqual([]);
    expect(new Set(features).size).toBe(features.length);
  });

  it('allows the camera and microphone on this origin only, and denies the rest', () => {
    for (const d of directives) {
      const [feature, allow] = d.split('=');
      expect({ feature, allow }).toEqual({
        feature,
        allow: feature === 'camera' || feature === 'microphone' ? '(self)' : '()',
      });
    }
  });
});
