/**
 * The last event code a user saved per event type, kept on the device (localStorage, per user):
 * the add form preselects it (issue 13 "fewer taps"). A code the type no longer offers is ignored
 * where it is used (defaultCodeID checks it against the enabled codes).
 */
const storageKey = (userID: number) => `nursery.lastCodes.${userID}`;

function read(userID: number): Record<string, number> {
  try {
    const raw = window.localStorage.getItem(storageKey(userID));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter(
        (e): e is [string, number] => Number.isInteger(e[1]) && (e[1] as number) > 0,
      ),
    );
  } catch {
    return {};
  }
}

export function lastCodeFor(userID: number, typeID: number | null): number | null {
  if (typeID === null) return null;
  return read(userID)[String(typeID)] ?? null;
}

export function rememberLastCode(userID: number, typeID: number | null, codeID: number | null): void {
  if (typeID === null || codeID === null) return;
  try {
    window.localStorage.setItem(storageKey(userID), JSON.stringify({ ...read(userID), [typeID]: codeID }));
  } catch {
    // Storage full or blocked: the code is simply not preselected next time.
  }
}
