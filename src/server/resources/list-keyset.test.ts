import { describe, expect, it } from 'vitest';
import { requireEntity } from '../../model';
import { AppError } from '../http/errors';
import { cursorOf, decodeCursor, encodeCursor, keysetBands, keysetKey } from './list-keyset';

const material = requireEntity('material');

describe('keyset paging of a list', () => {
  it('pages by the one sort key, id when none is asked, and not by two keys', () => {
    expect(keysetKey(material, { sort: [{ field: 'code', dir: 'asc' }] })).toEqual({ field: 'code', dir: 'asc', unique: true });
    expect(keysetKey(material, { sort: [{ field: 'price', dir: 'desc' }] })).toEqual({ field: 'price', dir: 'desc', unique: false });
    expect(keysetKey(material, { sort: [] })).toEqual({ field: 'id', dir: 'desc', unique: true });
    expect(keysetKey(material, { sort: [{ field: 'price', dir: 'asc' }, { field: 'code', dir: 'asc' }] })).toBeNull();
  });

  it('reads back the cursor it wrote, of the same sort only', () => {
    const key = keysetKey(material, { sort: [{ field: 'price', dir: 'desc' }] });
    const text = cursorOf(key!, { id: 42, key: '12.5000' })!;
    expect(decodeCursor(key, text)).toEqual({ sort: '-price', value: '12.5000', id: 42 });
    expect(decodeCursor(key, cursorOf(key!, { id: 7, key: null }))).toEqual({ sort: '-price', value: null, id: 7 });
    expect(decodeCursor(key, undefined)).toBeNull();
    expect(decodeCursor(key, '')).toBeNull();
    const other = keysetKey(material, { sort: [{ field: 'price', dir: 'asc' }] });
    for (const bad of [text, 'x y', encodeCursor({ sort: '-price', value: '1', id: 0 }), Buffer.from('{"a":1}').toString('base64url')]) {
      expect(() => decodeCursor(other, bad)).toThrow(AppError);
    }
    expect(() => decodeCursor(null, text)).toThrow(AppError);
  });

  it('splits the rows after a cursor where NULL keys sort apart, and leaves a unique key without a value to OFFSET', () => {
    const asc = keysetKey(material, { sort: [{ field: 'price', dir: 'asc' }] })!;
    const desc = keysetKey(material, { sort: [{ field: 'price', dir: 'desc' }] })!;
    const code = keysetKey(material, { sort: [{ field: 'code', dir: 'asc' }] })!;
    expect(keysetBands(material, asc, { sort: 'price', value: '1', id: 3 })).toHaveLength(2);
    expect(keysetBands(material, asc, { sort: 'price', value: null, id: 3 })).toHaveLength(1);
    expect(keysetBands(material, desc, { sort: '-price', value: null, id: 3 })).toHaveLength(2);
    expect(keysetBands(material, desc, { sort: '-price', value: '1', id: 3 })).toHaveLength(1);
    expect(keysetBands(material, code, { sort: 'code', value: null, id: 3 })).toBeNull();
  });
});
