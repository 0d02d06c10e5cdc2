import { describe, expect, it } from 'vitest';
import {
  areaAbbreviation,
  areaOfItem,
  considerationsTruncated,
  isSpotlightDue,
  observationMark,
} from './keyChildren.ts';

describe('areaOfItem', () => {
  it('answers the depth-1 ancestor of an item', () => {
    expect(areaOfItem('/-29/1/3/')).toBe('/-29/1/');
    expect(areaOfItem('/-23/4/2/7/')).toBe('/-23/4/');
    expect(areaOfItem('/-29/1/')).toBe('/-29/1/');
  });
  it('answers null for the root and for malformed ids', () => {
    expect(areaOfItem('/-29/')).toBeNull();
    expect(areaOfItem('-29/1/')).toBeNull();
    expect(areaOfItem('')).toBeNull();
  });
});

describe('areaAbbreviation', () => {
  it('gives the EYFS initials of the seven areas', () => {
    expect(areaAbbreviation('Communication and Language')).toBe('CL');
    expect(areaAbbreviation('Personal, Social and Emotional Development')).toBe('PSED');
    expect(areaAbbreviation('Physical Development')).toBe('PD');
    expect(areaAbbreviation('Understanding the World')).toBe('UW');
    expect(areaAbbreviation('Expressive Arts and Design')).toBe('EAD');
  });
  it('keeps three letters of a one-word area', () => {
    expect(areaAbbreviation('Literacy')).toBe('Lit');
    expect(areaAbbreviation('Mathematics')).toBe('Mat');
  });
});

describe('observationMark', () => {
  it("is 'recent' within 2 weeks of the date, 'old' before, 'none' without an observation", () => {
    expect(observationMark('2026-11-25', '2026-11-25')).toBe('recent');
    expect(observationMark('2026-11-11', '2026-11-25')).toBe('recent');
    expect(observationMark('2026-11-10', '2026-11-25')).toBe('old');
    expect(observationMark(null, '2026-11-25')).toBe('none');
  });
});

describe('considerationsTruncated', () => {
  it('warns from 100 considerations (the list holds only the first 100)', () => {
    expect(considerationsTruncated(99)).toBe(false);
    expect(considerationsTruncated(100)).toBe(true);
  });
});

describe('isSpotlightDue', () => {
  it('is due on and after the due date', () => {
    expect(isSpotlightDue('2026-11-25', '2026-11-25')).toBe(true);
    expect(isSpotlightDue('2026-11-20', '2026-11-25')).toBe(true);
    expect(isSpotlightDue('2026-11-26', '2026-11-25')).toBe(false);
  });
});
