/**
 * Moving in from a CSV file (issue 29): the preview of an import (every row's problems by its
 * spreadsheet row number, before anything is written) and the import itself (one transaction, refused
 * while any row has a problem). The file travels as text in the JSON body; the template is made on the
 * device from the domain's columns (csvImport.ts `importTemplate`).
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { IMPORT_KINDS, IMPORT_MAX_BYTES, IMPORT_PROBLEM_CODES } from '../csvImport.ts';
import { routes } from '../routes.ts';
import { Id, NonNegativeInt } from './primitives.ts';

export const ImportRequest = z.object({
  kind: z.enum(IMPORT_KINDS),
  /** The site the rows join (rooms, sessions and key people are looked up in it). */
  siteID: Id,
  /** The file's text (UTF-8; a byte-order mark is ignored). */
  csv: z.string().min(1, 'this-field-is-required').max(IMPORT_MAX_BYTES, 'import-file-too-large'),
});
export type ImportRequest = z.input<typeof ImportRequest>;

export const ImportProblemView = z.object({
  /** The file's header of the cell; null for a problem of the whole row. */
  column: z.string().nullable(),
  code: z.enum(IMPORT_PROBLEM_CODES),
  value: z.string().optional(),
  limit: NonNegativeInt.optional(),
});
export type ImportProblemView = z.infer<typeof ImportProblemView>;

export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'invalid'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export const ImportPreviewRow = z.object({
  /** The spreadsheet row number (the header is row 1). */
  row: NonNegativeInt,
  /** Whom the row names ("Ava Patel"), for the preview's list. */
  name: z.string(),
  /** What importing the row would do: a new record, a change to the one it matches, nothing. */
  action: z.enum(IMPORT_ACTIONS),
  problems: z.array(ImportProblemView),
});
export type ImportPreviewRow = z.infer<typeof ImportPreviewRow>;

const ImportCounts = z.object({
  create: NonNegativeInt,
  update: NonNegativeInt,
  unchanged: NonNegativeInt,
  invalid: NonNegativeInt,
});

export const ImportPreview = z.object({
  kind: z.enum(IMPORT_KINDS),
  siteID: Id,
  /** Required columns the file lacks (template headers). */
  missing: z.array(z.string()),
  /** The file's headers that match no column (ignored). */
  ignored: z.array(z.string()),
  rows: z.array(ImportPreviewRow),
  counts: ImportCounts,
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const previewImport = defineRoute({
  ...routes.previewImport,
  summary:
    'Read a CSV file of children (with contacts and sessions) or staff for a site and say what importing it would do, row by row; nothing is written (settingsChildren / addStaff)',
  tags: ['settings'],
  body: ImportRequest,
  response: { 200: ImportPreview },
});

export const ImportResult = z.object({
  created: NonNegativeInt,
  updated: NonNegativeInt,
  unchanged: NonNegativeInt,
});
export type ImportResult = z.infer<typeof ImportResult>;

export const runImport = defineRoute({
  ...routes.runImport,
  summary:
    'Import a CSV file of children (with contacts and sessions) or staff into a site in one transaction; 409 err-import-has-problems while any row has a problem (nothing written); a second import of the same file changes nothing (settingsChildren / addStaff)',
  tags: ['settings'],
  body: ImportRequest,
  response: { 200: ImportResult },
});
