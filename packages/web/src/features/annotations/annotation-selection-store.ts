import { createStore } from '../../lib/create-store.ts';
import { currentProjectId } from '../projects/current-project-store.ts';

/** Ids of the annotations selected in the viewer. */
export const selectedAnnotationIds = createStore<ReadonlySet<string>>(new Set());

/** Annotation selection actions; changing the project clears the selection. */
export const annotationSelection = {
  clear() {
    if (selectedAnnotationIds.get().size > 0) selectedAnnotationIds.set(new Set());
  },
  select(id: string) {
    selectedAnnotationIds.set((ids) => new Set(ids).add(id));
  },
  unselect(id: string) {
    selectedAnnotationIds.set((ids) => {
      const next = new Set(ids);
      next.delete(id);
      return next;
    });
  },
};

// Annotations belong to a project: choosing another one leaves none selected.
currentProjectId.subscribe(() => annotationSelection.clear());
