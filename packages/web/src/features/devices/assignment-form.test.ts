import { deviceAssignmentFormSchema } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import { initialAssignmentValues } from './assignment-form.ts';

describe('device assignment form', () => {
  it('starts blank for a new assignment', () => {
    expect(initialAssignmentValues(null)).toEqual({
      deviceId: '',
      projectId: '',
      from: '',
      to: '',
    });
  });

  it('shows a stored period as UTC text that the form schema sends back unchanged', () => {
    const stored = {
      id: '1',
      deviceId: 'LG-1',
      projectId: '7',
      from: '2024-01-01T08:30:00.000Z',
      to: null,
      project: { id: '7', name: 'Alpha' },
    } as unknown as Parameters<typeof initialAssignmentValues>[0];
    const values = initialAssignmentValues(stored);
    expect(values).toEqual({ deviceId: 'LG-1', projectId: '7', from: '2024-01-01T08:30', to: '' });
    expect(deviceAssignmentFormSchema([], '1').parse(values)).toEqual({
      deviceId: 'LG-1',
      projectId: '7',
      from: '2024-01-01T08:30:00.000Z',
      to: null,
    });
  });
});
