import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearCurrentProject,
  initialProjectId,
  setCurrentProject,
} from './current-project-store.ts';

describe('current project', () => {
  /** The Web Storage calls the store makes, kept in a map. */
  function memoryStorage() {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
      clear: () => items.clear(),
    };
  }
  afterEach(() => vi.unstubAllGlobals());

  it('starts a page on its tab’s project, else on the one last chosen in the browser', () => {
    vi.stubGlobal('window', { sessionStorage: memoryStorage(), localStorage: memoryStorage() });
    setCurrentProject('7');
    expect(initialProjectId()).toBe('7');
    // A new tab has no project of its own yet.
    window.sessionStorage.clear();
    expect(initialProjectId()).toBe('7');
    window.sessionStorage.setItem('asset-portal.currentProjectId', '9');
    expect(initialProjectId()).toBe('9');
    // Signing out forgets both.
    clearCurrentProject();
    expect(initialProjectId()).toBeNull();
  });
});
