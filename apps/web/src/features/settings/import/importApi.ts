// The CSV import's calls (issue 29): the preview of a file and the import itself.
import { routes } from '@nursery/domain/common';
import type { ImportRequest, previewImport, runImport } from '@nursery/domain/settings';
import { callRoute } from '../../../lib/api';

export const importApi = {
  preview: (body: ImportRequest) => callRoute<typeof previewImport>(routes.previewImport, { body }),
  run: (body: ImportRequest) => callRoute<typeof runImport>(routes.runImport, { body }),
};
