import { createStore, useStore } from '../../lib/create-store.ts';
import { type ProjectOption, useProjects } from './use-projects.ts';

// Per tab: two tabs may look at two projects, and a tab's choice survives its reload. A new
// tab starts on the project last chosen in this browser, so the portal opens where the user
// left it. Only ids are kept: a project the user cannot see is simply not chosen.
const TAB_KEY = 'asset-portal.currentProjectId';
const BROWSER_KEY = 'asset-portal.lastProjectId';

function stored(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function store(storage: () => Storage, key: string, id: string | null): void {
  try {
    if (id === null) storage().removeItem(key);
    else storage().setItem(key, id);
  } catch {
    // Storage may be disabled; the choice then lasts until the page is reloaded.
  }
}

/** The project a page load starts on: this tab's, else the one last chosen in this browser. */
export function initialProjectId(): string | null {
  return (
    stored(() => window.sessionStorage, TAB_KEY) ?? stored(() => window.localStorage, BROWSER_KEY)
  );
}

/** The id of the project the project dropdown has chosen, or null. */
export const currentProjectId = createStore<string | null>(initialProjectId());

/** Chooses the current project (what depends on it subscribes to `currentProjectId`). */
export function setCurrentProject(id: string | null): void {
  if (currentProjectId.get() === id) return;
  currentProjectId.set(id);
  store(() => window.sessionStorage, TAB_KEY, id);
  store(() => window.localStorage, BROWSER_KEY, id);
}

/** The current project, or null while none is chosen or it is not among the user's projects. */
export function useCurrentProject(): { project: ProjectOption | null; loading: boolean } {
  const id = useStore(currentProjectId);
  const { projects, loading } = useProjects();
  const project = id === null ? null : (projects.find((candidate) => candidate.id === id) ?? null);
  return { project, loading: loading && id !== null };
}

/** Forgets the current project, e.g. when the user signs out. */
export function clearCurrentProject(): void {
  setCurrentProject(null);
}
