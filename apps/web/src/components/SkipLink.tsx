import { useTranslation } from 'react-i18next';
import classes from './SkipLink.module.css';

/**
 * "Skip to main content" for keyboard users. A button, not an anchor: with hash routes an in-page
 * `#main-content` link would be read as a route.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={classes.skip}
      data-qa="skip-link"
      onClick={() => document.getElementById('main-content')?.focus()}
    >
      {t('skip-to-content')}
    </button>
  );
}
