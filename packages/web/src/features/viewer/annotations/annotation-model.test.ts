import { describe, expect, it } from 'vitest';
import {
  ANNOTATION_TYPES,
  type AnnotationItem,
  annotationFeatures,
  annotationScanLabel,
  annotationTypeOptions,
  canChangeAnnotation,
  initialAnnotationValues,
  sortAnnotationsByIdDesc,
} from './annotation-model.ts';

const annotation = (id: string, overrides: Partial<AnnotationItem> = {}): AnnotationItem => ({
  id,
  scanId: 'SCAN-1',
  title: `Title ${id}`,
  type: 'Note',
  comment: null,
  point: { type: 'Point', coordinates: [-123.07, 44.05, 120.5] },
  created: '2026-11-20T10:00:00.000Z',
  lastModified: '2026-11-20T10:00:00.000Z',
  user: { id: '7', name: 'Sam Standard' },
  scan: { id: 'SCAN-1', friendlyName: 'Morning pass' },
  ...overrides,
});

describe('annotation list order', () => {
  it('sorts by id descending as numbers, not as text', () => {
    const sorted = sortAnnotationsByIdDesc([
      annotation('9'),
      annotation('10'),
      annotation('2'),
      annotation('100'),
    ]);
    expect(sorted.map((a) => a.id)).toEqual(['100', '10', '9', '2']);
  });

  it('leaves the given list untouched', () => {
    const list = [annotation('1'), annotation('2')];
    sortAnnotationsByIdDesc(list);
    expect(list.map((a) => a.id)).toEqual(['1', '2']);
  });
});

describe('annotation map features', () => {
  it('gives each annotation a 2D point with id, title, type and whether it is selected', () => {
    const collection = annotationFeatures(
      [annotation('5'), annotation('4', { type: null, scanId: 'SCAN-2' })],
      new Set(['4']),
    );
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features).toEqual([
      {
        type: 'Feature',
        id: 5,
        geometry: { type: 'Point', coordinates: [-123.07, 44.05] },
        properties: { id: '5', scanId: 'SCAN-1', title: 'Title 5', type: 'Note', selected: false },
      },
      {
        type: 'Feature',
        id: 4,
        geometry: { type: 'Point', coordinates: [-123.07, 44.05] },
        properties: { id: '4', scanId: 'SCAN-2', title: 'Title 4', type: '', selected: true },
      },
    ]);
  });
});

describe('annotation form', () => {
  it('offers the standard types and keeps an older annotation’s own type', () => {
    expect(annotationTypeOptions(null)).toEqual([...ANNOTATION_TYPES]);
    expect(annotationTypeOptions('Issue')).toEqual([...ANNOTATION_TYPES]);
    expect(annotationTypeOptions('Point')).toEqual([...ANNOTATION_TYPES, 'Point']);
  });

  it('starts a new annotation as a Note and an edit from the stored values', () => {
    expect(initialAnnotationValues(null)).toEqual({ title: '', type: 'Note', comment: '' });
    expect(
      initialAnnotationValues(annotation('3', { type: 'Defect', comment: 'Cracked' })),
    ).toEqual({ title: 'Title 3', type: 'Defect', comment: 'Cracked' });
  });
});

describe('who may change an annotation', () => {
  const written = annotation('1', { user: { id: '7', name: 'Sam Standard' } });
  it('lets a Standard user change only what they wrote', () => {
    expect(canChangeAnnotation({ id: '7', userType: 'Standard' }, written)).toBe(true);
    expect(canChangeAnnotation({ id: '8', userType: 'Standard' }, written)).toBe(false);
    expect(
      canChangeAnnotation({ id: '7', userType: 'Standard' }, annotation('2', { user: null })),
    ).toBe(false);
  });
  it('lets a Power User and an Admin change any', () => {
    expect(canChangeAnnotation({ id: '8', userType: 'Power User' }, written)).toBe(true);
    expect(canChangeAnnotation({ id: '8', userType: 'Admin' }, written)).toBe(true);
    expect(canChangeAnnotation(null, written)).toBe(false);
  });
});

describe('the scan an annotation row names', () => {
  it('gives the friendly name with the scan id, or the id alone', () => {
    expect(annotationScanLabel({ scanId: 'LG1003_01', scan: { friendlyName: 'Scan 1' } })).toBe(
      'Scan 1 (LG1003_01)',
    );
    expect(annotationScanLabel({ scanId: 'LG1003_01', scan: { friendlyName: '' } })).toBe(
      'Scan LG1003_01',
    );
    expect(annotationScanLabel({ scanId: 'LG1003_01', scan: null })).toBe('Scan LG1003_01');
    expect(annotationScanLabel({ scanId: 'LG1003_01', scan: { friendlyName: 'LG1003_01' } })).toBe(
      'Scan LG1003_01',
    );
  });
});
