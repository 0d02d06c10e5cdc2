// #/spotlight/{eventID or add}/big-picture: the lazy route's module (spec 001 §2 "Big Picture"). The
// screen's strings (and the tab strip's) are added to i18next when it loads.
import i18n, { LANGUAGE } from '../../lib/i18n';
import { bigPictureStrings } from './bigPicture/strings';
import { spotlightStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', spotlightStrings);
i18n.addResources(LANGUAGE, 'translation', bigPictureStrings);

export { BigPictureScreen as Component } from './bigPicture/BigPictureScreen';
