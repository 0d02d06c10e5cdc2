import { describe, expect, it } from 'vitest';
import {
  fieldsOfType,
  keepFieldsOfType,
  sliceFromAnswer,
  sliceToInput,
  typedFieldsToInput,
} from './formFields';

type Tag = 'snapshot' | 'learningStory';
const fields = {
  notes: { types: ['snapshot', 'learningStory'], label: 'notes' },
  childsVoice: { types: ['snapshot'], label: 'voice' },
  parentNotes: { types: ['learningStory'], label: 'parents' },
} as const;

describe('simple fields', () => {
  it('reads an answer, a null or missing field as its empty value', () => {
    const empty = { notes: '', existingInjury: false };
    expect(sliceFromAnswer(empty, { notes: null, existingInjury: true })).toEqual({
      notes: '',
      existingInjury: true,
    });
    expect(sliceFromAnswer(empty, { notes: 'Ate well' })).toEqual({
      notes: 'Ate well',
      existingInjury: false,
    });
  });
  it('sends the slice fields of a form only', () => {
    const empty: { notes: string; existingInjury: boolean } = { notes: '', existingInjury: false };
    const form = { notes: 'a', existingInjury: true, uuid: 'u' };
    expect(sliceToInput(empty, form)).toEqual({
      notes: 'a',
      existingInjury: true,
    });
  });
});

describe('fields some types have', () => {
  it('lists the fields of a type in their declared order', () => {
    expect(fieldsOfType<Tag, keyof typeof fields>(fields, 'snapshot')).toEqual(['notes', 'childsVoice']);
    expect(fieldsOfType<Tag, keyof typeof fields>(fields, 'learningStory')).toEqual(['notes', 'parentNotes']);
  });
  it('empties on a type switch what the new type does not have, keeping the rest of the form', () => {
    const form = { notes: 'n', childsVoice: 'v', parentNotes: 'p', codeID: 3 };
    expect(keepFieldsOfType(form, fields, 'learningStory' as Tag)).toEqual({
      notes: 'n',
      childsVoice: '',
      parentNotes: 'p',
      codeID: 3,
    });
    expect(form.childsVoice).toBe('v');
  });
  it('sends a field the type lacks, or a blank one, as null', () => {
    const form = { notes: '  ', childsVoice: 'v', parentNotes: 'p' };
    expect(typedFieldsToInput(fields, form, 'snapshot')).toEqual({
      notes: null,
      childsVoice: 'v',
      parentNotes: null,
    });
    expect(typedFieldsToInput(fields, form, 'learningStory')).toEqual({
      notes: null,
      childsVoice: null,
      parentNotes: 'p',
    });
  });
});
