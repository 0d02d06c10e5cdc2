// The GDPR erasure requests list of Home's requests widget, for the #/gdpr page (issue 29): the same
// list, decisions and confirmations, loaded with its strings when that page needs it.
import i18n, { LANGUAGE } from '../../../../lib/i18n';
import { GdprRequests } from './GdprRequests';
import { requestsStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', requestsStrings);

export default GdprRequests;
