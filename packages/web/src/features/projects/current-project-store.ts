import { createStore, useStore } from '../../lib/create-store.ts';
import { annotationSelection } from '../annotations/annotation-selection-store.ts';
import { type ProjectOption, useProjects } from './use-projects.ts';

// Per tab: two tabs may look at two projects; the choice survives a reload of the tab.
const STORAGE_KEY = 'asset-portal.currentProjectId';

function readStoredProjectId(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The id of the project the project dropdown has chosen, or null. */
export const currentProjectId = createStore<string | null>(readStoredProjectId());

/** Chooses the current project; a different project clears the annotation selection. */
export function setCurrentProject(id: string | null): void {
  if (currentProjectId.get() === id) return;
  currentProjectId.set(id);
  annotationSelection.clear();
  try {
    if (id === null) window.sessionStorage.removeItem(STORAGE_KEY);
    else window.sessionStorage.setItem(STORAGE_KEY, id);
  } catch {
    // Storage may be disabled; the choice then lasts until the page is reloaded.
  }
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
