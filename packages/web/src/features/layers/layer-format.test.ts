import { LAYER_NAME_MAX, validateLayerName } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import { compareGroups, groupLabel, layerNameFromFile, UNGROUPED, yesNo } from './layer-format.ts';

describe('the layer name proposed from a file name', () => {
  it.each([
    ['switzerland.geojson', 'switzerland'],
    ['openlayers_example.tif', 'openlayers_example'],
    ['US States 2020.kml', 'US States 2020'],
    ['roads.seoul.v2.json', 'roads_seoul_v2'],
    ['Réseau (nord).kmz', 'Reseau _nord'],
    ['C:\\exports\\senate.zip', 'senate'],
  ])('%s → %s', (file, name) => {
    expect(layerNameFromFile(file)).toBe(name);
    expect(validateLayerName(layerNameFromFile(file))).toBeNull();
  });

  it('cuts a long name to the maximum length', () => {
    const name = layerNameFromFile(`${'a'.repeat(80)}.geojson`);
    expect(name).toHaveLength(LAYER_NAME_MAX);
    expect(validateLayerName(name)).toBeNull();
  });

  it('leaves a name that stays too short for the form rule to report', () => {
    expect(layerNameFromFile('ab.kml')).toBe('ab');
    expect(validateLayerName(layerNameFromFile('ab.kml'))).not.toBeNull();
  });
});

describe('groups in the table', () => {
  const inGroup = (name: string) => ({ vendor: { id: name, name } });
  const ungrouped = { vendor: null };

  it("lists a layer without a group under 'Ungrouped'", () => {
    expect(groupLabel(ungrouped)).toBe(UNGROUPED);
    expect(groupLabel(inGroup('Pipelines'))).toBe('Pipelines');
  });

  it('orders groups by name with the ungrouped layers last', () => {
    const rows = [ungrouped, inGroup('zeta'), inGroup('Alpha'), ungrouped, inGroup('beta')];
    expect([...rows].sort(compareGroups).map(groupLabel)).toEqual([
      'Alpha',
      'beta',
      'zeta',
      UNGROUPED,
      UNGROUPED,
    ]);
  });

  it("puts a group literally named 'Ungrouped' before the ungrouped layers", () => {
    expect(compareGroups(inGroup(UNGROUPED), ungrouped)).toBeLessThan(0);
  });

  it('shows flags as Yes and No', () => {
    expect([yesNo(true), yesNo(false)]).toEqual(['Yes', 'No']);
  });
});
