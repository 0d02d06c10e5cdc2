import { describe, expect, it } from 'vitest';
import { loginPath, safeNextPath } from './session';

describe('safeNextPath', () => {
  it('keeps in-app paths', () => {
    expect(safeNextPath('/register/2026-11-23?tab=due')).toBe('/register/2026-11-23?tab=due');
  });

  it.each([null, '', 'register', '//evil.example', 'https://evil.example', '/login?next=/'])(
    'refuses %j',
    (next) => {
      expect(safeNextPath(next)).toBe('/');
    },
  );
});

describe('loginPath', () => {
  it('carries where to return and why', () => {
    expect(loginPath('/register', 'expired')).toBe('/login?next=%2Fregister&reason=expired');
  });

  it('leaves out the home page and the login page itself', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/login?next=%2Fx', 'logged-out')).toBe('/login?reason=logged-out');
  });
});
