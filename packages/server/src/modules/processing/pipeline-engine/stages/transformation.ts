import { type StageDefinition, streamingStage } from '../stage-definition.ts';

/**
 * filters.transformation: applies a 4×4 matrix (16 numbers, row-major, PDAL's `matrix` string)
 * to X/Y/Z in homogeneous coordinates.
 */
export function parseMatrix(text: string): Float64Array {
  const values = text
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (values.length !== 16 || !values.every(Number.isFinite)) {
    throw new Error(`must hold 16 numbers (a 4×4 matrix, row-major), got "${text}"`);
  }
  return Float64Array.from(values);
}

export const transformationStage: StageDefinition<{ matrix: Float64Array }> = {
  type: 'filters.transformation',
  parse(options) {
    const text = options.string('matrix', true);
    if (text === undefined) return null;
    try {
      return { matrix: parseMatrix(text) };
    } catch (error) {
      options.error('matrix', (error as Error).message);
      return null;
    }
  },
  summary: (o) => `transforms X/Y/Z by the matrix [${Array.from(o.matrix).join(' ')}]`,
  create({ matrix: m }) {
    return streamingStage((chunk) => {
      const { x, y, z } = chunk;
      for (let i = 0; i < chunk.count; i++) {
        const xi = x[i]!;
        const yi = y[i]!;
        const zi = z[i]!;
        const w = m[12]! * xi + m[13]! * yi + m[14]! * zi + m[15]!;
        x[i] = (m[0]! * xi + m[1]! * yi + m[2]! * zi + m[3]!) / w;
        y[i] = (m[4]! * xi + m[5]! * yi + m[6]! * zi + m[7]!) / w;
        z[i] = (m[8]! * xi + m[9]! * yi + m[10]! * zi + m[11]!) / w;
      }
      return chunk;
    });
  },
};
