import { describe, expect, it } from 'vitest';
import {
  ageLabel,
  childrenRefusingPhotos,
  namesakeIDs,
  photoConsentMissing,
  sameNameKey,
} from './children.ts';

describe('ageLabel', () => {
  it('shows years and months from one year', () => {
    expect(ageLabel('2022-05-15', '2024-09-15')).toBe('2y 4m');
    expect(ageLabel('2022-05-15', '2024-09-14')).toBe('2y 3m');
    expect(ageLabel('2021-05-15', '2024-05-15')).toBe('3y 0m');
    expect(ageLabel('2023-05-15', '2024-05-15')).toBe('1y 0m');
  });
  it('shows months alone under a year', () => {
    expect(ageLabel('2023-06-15', '2024-05-15')).toBe('11m');
    expect(ageLabel('2023-06-15', '2024-05-14')).toBe('10m');
    expect(ageLabel('2024-05-01', '2024-05-20')).toBe('0m');
    expect(ageLabel('2024-05-20', '2024-05-20')).toBe('0m');
  });
  it('completes a month on the last day of a shorter month', () => {
    // Born 31 January: one month on the last day of February, in leap and common years.
    expect(ageLabel('2024-01-31', '2024-02-28')).toBe('0m');
    expect(ageLabel('2024-01-31', '2024-02-29')).toBe('1m');
    expect(ageLabel('2023-01-31', '2023-02-28')).toBe('1m');
    // Born 31 August: 2y 1m on 30 September.
    expect(ageLabel('2022-08-31', '2024-09-29')).toBe('2y 0m');
    expect(ageLabel('2022-08-31', '2024-09-30')).toBe('2y 1m');
  });
  it('counts a leap-day birthday on 28 February in common years', () => {
    expect(ageLabel('2020-02-29', '2021-02-27')).toBe('11m');
    expect(ageLabel('2020-02-29', '2021-02-28')).toBe('1y 0m');
    expect(ageLabel('2020-02-29', '2024-02-29')).toBe('4y 0m');
    expect(ageLabel('2020-02-29', '2023-03-01')).toBe('3y 0m');
  });
  it('crosses the year end', () => {
    expect(ageLabel('2022-12-20', '2025-01-19')).toBe('2y 0m');
    expect(ageLabel('2022-12-20', '2025-01-20')).toBe('2y 1m');
  });
  it('reads 0m for a date of birth after today', () => {
    expect(ageLabel('2025-01-01', '2024-12-31')).toBe('0m');
  });
});

describe('namesakes', () => {
  const list = [
    { id: 1, forename: 'Amelia', surname: 'Murphy' },
    { id: 2, forename: 'Oliver', surname: 'Murphy' },
    { id: 3, forename: 'amelia ', surname: 'MURPHY' },
    { id: 4, forename: 'Amelia', surname: 'Jones' },
  ];
  it('finds children sharing forename and surname, ignoring case and spaces', () => {
    expect(sameNameKey(list[2])).toBe(sameNameKey(list[0]));
    expect([...namesakeIDs(list)].sort()).toEqual([1, 3]);
  });
  it('finds none when names differ', () => {
    expect(namesakeIDs(list.slice(1)).size).toBe(0);
  });
});

describe('photoConsentMissing', () => {
  it('is false only with consent', () => {
    expect(photoConsentMissing('yes')).toBe(false);
    expect(photoConsentMissing('no')).toBe(true);
    expect(photoConsentMissing('notAsked')).toBe(true);
  });
});

describe('childrenRefusingPhotos (issue 27)', () => {
  const kids = [
    { id: 1, photoConsent: 'yes' as const },
    { id: 2, photoConsent: 'no' as const },
    { id: 3, photoConsent: 'notAsked' as const },
    { id: 4, photoConsent: 'no' as const },
  ];
  it('lists the chosen children whose parents refused photos, in the order chosen', () => {
    expect(childrenRefusingPhotos([4, 1, 2, 3], kids, 1).map((c) => c.id)).toEqual([4, 2]);
  });
  it('asks nothing without a photo or video, or for consent given or not asked yet', () => {
    expect(childrenRefusingPhotos([2, 4], kids, 0)).toEqual([]);
    expect(childrenRefusingPhotos([1, 3], kids, 2)).toEqual([]);
  });
  it('ignores a child not on the site list', () => {
    expect(childrenRefusingPhotos([99], kids, 1)).toEqual([]);
  });
});
