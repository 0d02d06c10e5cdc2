// Children (issue 13): where a child's photo is, the photo-consent warning and the strings of the
// child picker (components/ChildPicker, which takes the photo address from here through its props).

export { PhotoConsentWarning } from './PhotoConsentWarning';
export { childPhotoUrl } from './photo';
export { childrenStrings } from './strings';
