import { describe, expect, it } from 'vitest';
import { setCurrentProject } from '../projects/current-project-store.ts';
import { annotationSelection, selectedAnnotationIds } from './annotation-selection-store.ts';

describe('annotation selection', () => {
  it('clears the selected annotations when the project changes', () => {
    setCurrentProject('1');
    annotationSelection.select('a1');
    annotationSelection.select('a2');
    setCurrentProject('1');
    expect(selectedAnnotationIds.get().size).toBe(2);
    setCurrentProject('2');
    expect(selectedAnnotationIds.get().size).toBe(0);
  });
});
