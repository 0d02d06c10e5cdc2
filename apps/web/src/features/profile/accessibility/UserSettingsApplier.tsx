import { useEffect } from 'react';
import { applyUserSettings, DEFAULT_USER_SETTINGS } from '../../../lib/userSettings';
import { useSession } from '../../auth';

/**
 * The signed-in shell's one call (issue 30): shows the user's accessibility settings from the session's
 * configuration on every screen, and again whenever the configuration changes. Signed out (the shell
 * gone: log-out, an expired session), the page is back to the defaults for whoever signs in next.
 */
export function UserSettingsApplier() {
  const { inputBoxColour, lineHeight } = useSession().config.userSettings;
  useEffect(() => {
    applyUserSettings({ inputBoxColour, lineHeight });
  }, [inputBoxColour, lineHeight]);
  useEffect(() => () => applyUserSettings(DEFAULT_USER_SETTINGS), []);
  return null;
}
