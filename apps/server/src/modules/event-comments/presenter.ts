// The one shape of a comment (events v3's thread; issue 31), typed by its answer schema.
import type { EventV3Comment } from '@nursery/domain/events';
import type { CommentRow } from './queries.ts';

export function commentView(r: CommentRow): EventV3Comment {
  return {
    id: Number(r.id),
    text: r.text,
    created: new Date(r.created).toISOString(),
    author: {
      personID: r.personId,
      forename: r.forename,
      surname: r.surname,
      hasImage: r.hasImage,
      staffID: r.staffId,
    },
  };
}
