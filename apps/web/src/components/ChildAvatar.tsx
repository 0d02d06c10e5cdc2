// A child's photo tile avatar (issue 13): the photo, or initials on a light colour. Its own module so
// that a screen showing children (the emergency list) takes it without the whole child picker.
import { useState } from 'react';
import classes from './ChildAvatar.module.css';

export interface AvatarChild {
  id: number;
  forename: string;
  surname: string;
  hasImage?: boolean;
}

/** Light backgrounds for the initials (dark text on each is above 7:1). */
const AVATAR_COLOURS = [
  '#FFE3E3',
  '#E7F5FF',
  '#EBFBEE',
  '#FFF3BF',
  '#F3F0FF',
  '#FFE8CC',
  '#E3FAFC',
  '#F8F0FC',
];

/** A child's photo, or their initials on a light colour (without a photo or when it fails to load). */
export function ChildAvatar({
  child,
  photoUrl,
  small = false,
}: {
  child: AvatarChild;
  photoUrl?: (id: number) => string;
  small?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const className = small ? `${classes.avatar} ${classes.avatarSmall}` : classes.avatar;
  if (child.hasImage && photoUrl && !failed) {
    return (
      <img
        className={className}
        src={photoUrl(child.id)}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        data-qa="child-photo"
      />
    );
  }
  const initials = `${child.forename.charAt(0)}${child.surname.charAt(0)}`.toLocaleUpperCase('en-GB');
  return (
    <span
      className={`${className} ${classes.initials}`}
      style={{ background: AVATAR_COLOURS[child.id % AVATAR_COLOURS.length] }}
      aria-hidden="true"
      data-qa="child-initials"
    >
      {initials}
    </span>
  );
}
