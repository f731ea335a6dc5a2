import { describe, expect, it } from 'vitest';
import {
  annotationSelection,
  selectedAnnotationIds,
} from '../annotations/annotation-selection-store.ts';
import { currentProjectId, setCurrentProject } from './current-project-store.ts';

describe('current project', () => {
  it('clears the selected annotations when the project changes', () => {
    setCurrentProject('1');
    annotationSelection.select('a1');
    annotationSelection.select('a2');
    setCurrentProject('1');
    expect(selectedAnnotationIds.get().size).toBe(2);
    setCurrentProject('2');
    expect(currentProjectId.get()).toBe('2');
    expect(selectedAnnotationIds.get().size).toBe(0);
  });
});
