/**
 * What the clerk typed and has not sent yet (a pasted BOM, a half-filled search form), kept for
 * this tab in sessionStorage: a reload, a page that failed to load or an outage loses none of it,
 * and closing the tab forgets it.
 */
export function readDraft<T>(key: string): T | undefined {
  try {
    const text = sessionStorage.getItem(`draft:${key}`);
    return text === null ? undefined : (JSON.parse(text) as T);
  } catch {
    return undefined;
  }
}

export function writeDraft(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(`draft:${key}`, JSON.stringify(value));
  } catch {
    // storage full or refused: the draft lives as long as the page
  }
}

export function dropDraft(key: string): void {
  try {
    sessionStorage.removeItem(`draft:${key}`);
  } catch {
    // nothing was kept
  }
}
