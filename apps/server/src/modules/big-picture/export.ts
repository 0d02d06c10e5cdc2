// The xlsx export (issue 17): the same filter and aggregate as bigPicture, the framework's names from the
// frameworks module, and the workbook (xlsx.ts) named 'Big Picture {DD-MM-YYYY}.xlsx' (today at the site).
import { bigPictureFileName } from '@nursery/domain/common';
import type { BigPictureExportBody } from '@nursery/domain/spotlight';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { frameworksForSite } from '../frameworks/index.ts';
import { exportData } from './service.ts';
import { bigPictureWorkbook } from './xlsx.ts';

export async function exportWorkbook(
  deps: AppDeps,
  auth: AuthContext,
  body: BigPictureExportBody,
): Promise<{ fileName: string; bytes: Buffer }> {
  const data = await exportData(deps, auth, body);
  const { frameworks } = await frameworksForSite(deps.db, auth.providerId, data.filter.siteID);
  const bytes = await bigPictureWorkbook({
    framework: frameworks.find((f) => f.id === data.filter.frameworkID),
    children: data.children,
    summaryByChild: data.summary,
    overrides: body.overrides,
    dateFrom: data.filter.dateFrom,
    today: data.today,
    eventTypes: data.tags,
  });
  return { fileName: bigPictureFileName(data.today), bytes };
}
