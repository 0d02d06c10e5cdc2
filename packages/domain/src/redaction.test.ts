import { describe, expect, it } from 'vitest';
import { mentionsNames, namesToRedact, REDACTED_NAME, redactNames, redactNamesInJson } from './redaction.ts';

const R = REDACTED_NAME;
const luna = namesToRedact(['Luna'], ['Smith']);

describe('redactNames', () => {
  it('removes the forename, surname and full name in any case', () => {
    expect(redactNames('Luna Smith fell. LUNA cried; luna smiled; smith, SMITH.', luna)).toBe(
      `${R} fell. ${R} cried; ${R} smiled; ${R}, ${R}.`,
    );
  });

  it('removes possessives with straight and curly apostrophes', () => {
    expect(redactNames("Luna's coat, LUNA'S hat, luna’s bag, Luna\u02bcs cup", luna)).toBe(
      `${R} coat, ${R} hat, ${R} bag, ${R} cup`,
    );
    expect(redactNames("James' coat and JAMES’ hat", namesToRedact(['James'], ['Ng']))).toBe(
      `${R} coat and ${R} hat`,
    );
  });

  it('matches whole words only', () => {
    expect(redactNames('Lunar eclipse; Smithfield market; blacksmith', luna)).toBe(
      'Lunar eclipse; Smithfield market; blacksmith',
    );
  });

  it('handles double-barrelled names, apostrophes inside names, accents and regex characters', () => {
    const names = namesToRedact(['Mary-Jane'], ["O'Brien"]);
    expect(redactNames("mary jane and MARY‐JANE, Jane, o’brien and O'BRIEN's", names)).toBe(
      `${R} and ${R}, ${R}, ${R} and ${R}`,
    );
    expect(redactNames('ZOË and zoë', namesToRedact(['Zoë'], ['Li']))).toBe(`${R} and ${R}`);
    expect(redactNames('a.b (x) a+b', namesToRedact(['a+b'], []))).toBe(`a.b (x) ${R}`);
  });

  it('replaces a full name as one, and other children sharing the surname lose it in free text', () => {
    expect(redactNames('Luna Smith and Mia Smith played', luna)).toBe(`${R} and Mia ${R} played`);
  });

  it('leaves text without the names unchanged and ignores one-letter names', () => {
    expect(redactNames('a quiet day', namesToRedact(['A'], ['B']))).toBe('a quiet day');
    expect(redactNames('nothing here', [])).toBe('nothing here');
  });
});

describe('mentionsNames and redactNamesInJson', () => {
  it('finds a name in any case and redacts every string of a JSON value', () => {
    expect(mentionsNames('see LUNA’S notes', luna)).toBe(true);
    expect(mentionsNames('Lunar', luna)).toBe(false);
    expect(
      redactNamesInJson({ message: "Luna's day", n: 2, list: ['smith', null], luna: true }, luna),
    ).toEqual({
      message: `${R} day`,
      n: 2,
      list: [R, null],
      luna: true,
    });
  });
});
