import { describe, expect, it } from 'vitest';
import { eventsRedirect, parseSpotlightRoute, parseTypeParam } from './routeParams';

describe('routes', () => {
  it('parses add, an id, and refuses anything else', () => {
    expect(parseSpotlightRoute('add')).toEqual({ mode: 'add' });
    expect(parseSpotlightRoute('12')).toEqual({ mode: 'edit', id: 12 });
    expect(parseSpotlightRoute('0')).toEqual({ mode: 'invalid' });
    expect(parseSpotlightRoute('99999999999')).toEqual({ mode: 'invalid' });
    expect(parseTypeParam('learningStory')).toBe('learningStory');
    expect(parseTypeParam('observation')).toBeNull();
  });
  it('sends #/events/{ids} to the first event', () => {
    expect(eventsRedirect('5,6')).toBe('/spotlight/5');
    expect(eventsRedirect('x')).toBe('/spotlight/add');
  });
});
