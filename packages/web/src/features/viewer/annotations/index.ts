export { AnnotationPanel, type AnnotationPanelProps } from './AnnotationPanel.tsx';
export {
  ANNOTATION_TYPES,
  type AnnotationItem,
  annotationFeatures,
  sortAnnotationsByIdDesc,
} from './annotation-model.ts';
