/** en-GB strings of the page shown for an unknown address. */
export const notFoundStrings = {
  'page-not-found-title': 'Page not found',
  'page-not-found': 'This page does not exist or is not available yet.',
  'go-home': 'Go to Home',
} as const;
