import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After an in-app navigation, move focus to <main> so keyboard and screen-reader users start at the new
 * page's content rather than at the link they used. The first render keeps the browser's own focus.
 */
export function useFocusMainOnNavigate(): void {
  const { pathname } = useLocation();
  const previousPathname = useRef(pathname);
  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    document.getElementById('main-content')?.focus();
  }, [pathname]);
}
