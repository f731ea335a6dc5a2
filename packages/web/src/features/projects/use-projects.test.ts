import { describe, expect, it } from 'vitest';
import { type ProjectOption, projectLabel, sortProjectsForSelector } from './use-projects.ts';

const project = (id: string, name: string, organization: string): ProjectOption => ({
  id,
  name,
  utm: '31N',
  organization: { id: `org-${organization}`, name: organization },
});

describe('project dropdown options', () => {
  it("labels a project 'organization : project'", () => {
    expect(projectLabel(project('1', 'Corridor', 'Acme'))).toBe('Acme : Corridor');
  });

  it('sorts by organization, then project name', () => {
    const sorted = sortProjectsForSelector([
      project('1', 'Zeta', 'Acme'),
      project('2', 'Demo', 'LuxGear'),
      project('3', 'Alpha', 'Acme'),
      project('4', 'Beta', 'Acme'),
    ]);
    expect(sorted.map(projectLabel)).toEqual([
      'Acme : Alpha',
      'Acme : Beta',
      'Acme : Zeta',
      'LuxGear : Demo',
    ]);
  });

  it('puts numbered names in their numbers’ order', () => {
    const names = ['Drive 10', 'Drive 2', 'Drive 1', 'Drive 100'];
    const sorted = sortProjectsForSelector(
      names.map((name, i) => project(String(i), name, 'Acme')),
    );
    expect(sorted.map((p) => p.name)).toEqual(['Drive 1', 'Drive 2', 'Drive 10', 'Drive 100']);
  });
});
