import { describe, expect, it } from 'vitest';
import { floorScreenLoaders } from './floorScreens';

describe('the floor screens loaded at once (issue 27)', () => {
  it('finds the lazy route of Add, Drafts, both registers and Sync', () => {
    const loaders = floorScreenLoaders();
    expect(loaders).toHaveLength(5);
    for (const load of loaders) expect(typeof load).toBe('function');
  });
});
