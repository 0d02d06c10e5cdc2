import i18n, { LANGUAGE } from '../../lib/i18n';
import { assessmentStrings } from './assessment/strings';
import { careStrings } from './care/strings';
import { mediaStrings } from './media/strings';

/**
 * The assessment, care and media panels' strings: used only inside the editor and the event view, so they load
 * with those screens' chunks instead of the login + Home bundle (bench 'bundle').
 */
export const eventScreenStrings = { ...assessmentStrings, ...careStrings, ...mediaStrings } as const;

/** Called at the top of the screens that use them (a module's own statement, kept by the build). */
export function addEventScreenStrings(): void {
  i18n.addResources(LANGUAGE, 'translation', eventScreenStrings);
}
