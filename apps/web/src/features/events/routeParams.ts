/**
 * The add/edit routes of spec 000 §2: #/add and #/capture (same screen), #/edit/{id}, #/edit/{id1,id2}
 * and #/edit/multi?multi=1,2,3 (multi mode), with the optional identifiers childID, codeID, typeID,
 * eventID, files and multi, plus our own i (multi index from 0), return (the URL to go back to) and the
 * created/message/draft flags set after saving a new event.
 */
export interface EditorRoute {
  mode: 'add' | 'edit';
  /** The events to step through (edit); one id for a plain edit. */
  ids: number[];
  index: number;
  returnTo: string | null;
  typeID: number | null;
  codeID: number | null;
  childIDs: number[];
  created: { message: string; draftID: number | null; count: number } | null;
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

export function parseIdList(value: string | null | undefined): number[] {
  if (!value) return [];
  const ids: number[] = [];
  for (const part of value.split(',')) {
    const id = positiveInt(part.trim());
    if (id !== null && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** A return URL must stay inside the app (a hash route), never an outside address. */
export function safeReturn(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//')) return null;
  return value;
}

export function parseEditorRoute(pathIds: string | undefined, search: URLSearchParams): EditorRoute {
  const ids =
    pathIds === undefined
      ? []
      : pathIds === 'multi'
        ? parseIdList(search.get('multi'))
        : parseIdList(pathIds);
  const mode = pathIds === undefined ? 'add' : 'edit';
  const rawIndex = Number(search.get('i') ?? '0');
  const index = Number.isInteger(rawIndex) && rawIndex >= 0 && rawIndex < ids.length ? rawIndex : 0;
  const childIDs = parseIdList(search.get('childID'));
  const created = search.get('created');
  return {
    mode,
    ids,
    index,
    returnTo: safeReturn(search.get('return')),
    typeID: positiveInt(search.get('typeID')),
    codeID: positiveInt(search.get('codeID')),
    childIDs,
    created:
      created === null
        ? null
        : {
            message: search.get('message') ?? 'saved-to-drafts',
            draftID: positiveInt(search.get('draft')),
            count: positiveInt(search.get('count')) ?? 1,
          },
  };
}

/** The URL of step `index` in multi mode, keeping the list and the return URL. */
export function multiStepUrl(route: Pick<EditorRoute, 'ids' | 'returnTo'>, index: number): string {
  const params = new URLSearchParams();
  params.set('multi', route.ids.join(','));
  params.set('i', String(index));
  if (route.returnTo) params.set('return', route.returnTo);
  return `/edit/multi?${params.toString()}`;
}

/** Where the add screen goes after a save: back to add, with the created flag and the message. */
export function createdUrl(input: {
  typeID: number;
  message: string;
  eventIDs: number[];
  params?: { status?: string };
}): string {
  const params = new URLSearchParams();
  params.set('typeID', String(input.typeID));
  params.set('created', '1');
  params.set('message', input.message);
  params.set('count', String(input.eventIDs.length));
  if (input.eventIDs.length === 1) params.set('draft', String(input.eventIDs[0]));
  if (input.params?.status) params.set('status', input.params.status);
  return `/add?${params.toString()}`;
}
