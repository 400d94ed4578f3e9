import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { MAX_PAGE, parsePaging } from './paging';

const limits = { defaultSize: 20, maxSize: 500 };

describe('parsePaging', () => {
  it('takes defaults for absent or empty values and plain whole numbers in range', () => {
    expect(parsePaging(undefined, null, limits)).toEqual({ page: 1, size: 20 });
    expect(parsePaging('', ' ', limits)).toEqual({ page: 1, size: 20 });
    expect(parsePaging(' 3', ['9', '50'], limits)).toEqual({ page: 3, size: 50 });
    expect(parsePaging(String(MAX_PAGE), 500, limits)).toEqual({ page: MAX_PAGE, size: 500 });
  });

  it('refuses anything else, naming the parameter', () => {
    for (const [page, size, name] of [['1e18', '1', 'page'], ['1', '1.5', 'size'], ['0', '1', 'page'], ['-1', '1', 'page'], ['1', '501', 'size'], ['0x10', '1', 'page'], [String(MAX_PAGE + 1), '1', 'page'], [{ a: 1 }, '1', 'page'], ['1', 'Infinity', 'size']] as const) {
      let error: unknown;
      try {
        parsePaging(page, size, limits);
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify([page, size])).toBeInstanceOf(AppError);
      expect((error as AppError).params, JSON.stringify([page, size])).toMatchObject({ name });
    }
  });
});
