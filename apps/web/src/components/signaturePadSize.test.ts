import { describe, expect, it } from 'vitest';
import { signaturePadWidth } from './signaturePadSize';

describe('signaturePadWidth', () => {
  it('is the fixed 440 px on a tablet', () => {
    expect(signaturePadWidth(1024)).toBe(440);
    expect(signaturePadWidth(768)).toBe(440);
  });
  it('fits a 390 px phone inside the dialog', () => {
    expect(signaturePadWidth(390)).toBe(310);
  });
  it('never shrinks below a usable width', () => {
    expect(signaturePadWidth(150)).toBe(200);
  });
});
