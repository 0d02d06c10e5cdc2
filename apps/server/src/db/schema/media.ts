// Photos and videos (spec 000 §3 "Media"). The id is a client-generated UUID so an offline upload
// can be replayed without making a second row.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { people, providers } from './core.ts';
import { tenantFk } from './helpers.ts';

export const media = pgTable(
  'media',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    id: uuid('id').notNull(),
    type: text('type').$type<'image' | 'video'>().notNull(),
    mimeType: text('mime_type').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** Seconds, for videos. */
    duration: real('duration'),
    /** Random token required in the media URL (api/v1/providers/{p}/media/{id}?mediaToken=...). */
    mediaToken: text('media_token').notNull(),
    /** Bytes of the original file. */
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Path under DATA_DIR/media (or an object-store key). */
    storagePath: text('storage_path').notNull(),
    /** Sizes already rendered (e.g. {'medium','thumbnail'}). */
    renditions: text('renditions').array().notNull().default(sql`'{}'::text[]`),
    uploadedByPersonId: integer('uploaded_by_person_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFk('media_uploader_fk', t.providerId, t.uploadedByPersonId, people),
    index('media_uploader_idx').on(t.providerId, t.uploadedByPersonId, t.createdAt),
    check('media_type', sql`${t.type} in ('image','video')`),
    check(
      'media_mime',
      sql`(${t.type} = 'image' and ${t.mimeType} like 'image/%') or (${t.type} = 'video' and ${t.mimeType} like 'video/%')`,
    ),
    check(
      'media_dimensions',
      sql`(${t.width} is null or ${t.width} > 0) and (${t.height} is null or ${t.height} > 0)`,
    ),
    check('media_duration', sql`${t.duration} is null or ${t.duration} >= 0`),
    check('media_size', sql`${t.size} >= 0`),
  ],
);
