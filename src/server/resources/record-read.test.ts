import { describe, expect, it } from 'vitest';
import { demand } from '../../model/entities';
import type { Db } from '../db/database';
import { readRecords } from './record-read';

describe('readRecords', () => {
  it('reads nothing for an empty list of values, without asking the database', async () => {
    expect(await readRecords({} as Db, demand, 1, { where: { id: [] }, fields: ['id'] })).toEqual([]);
  });

  it('refuses a field the entity does not declare', async () => {
    await expect(readRecords({} as Db, demand, 1, { fields: ['id', 'no_such_field'] })).rejects.toThrow('demand declares no field no_such_field');
  });
});
