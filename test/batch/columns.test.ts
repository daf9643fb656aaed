import { describe, expect, it } from 'vitest';
import { resolveColumns } from '../../src/batch/sources/columns.js';
import { WardenError } from '../../src/model/errors.js';

describe('resolveColumns', () => {
  it('finds columns whatever their case and surrounding spaces', () => {
    const at = resolveColumns([' External_ID', 'FULL_NAME ', 'nationality']);
    expect([at.external_id, at.full_name, at.nationality, at.birth_date]).toEqual([0, 1, 2, -1]);
  });

  it('refuses a header with two columns of a name it reads, however they are spelt', () => {
    const read = () => resolveColumns(['external_id', 'full_name', 'Full_Name ']);
    expect(read).toThrow(WardenError);
    expect(read).toThrow('The portfolio has 2 columns named full_name (columns 2, 3)');
    expect(() => resolveColumns(['id', 'Name', 'name'], { external_id: 'id', full_name: 'Name' })).toThrow(
      'columns named Name (columns 2, 3)',
    );
  });

  it('leaves alone two columns of a name it does not read', () => {
    expect(resolveColumns(['external_id', 'full_name', 'notes', 'notes']).full_name).toBe(1);
  });
});
