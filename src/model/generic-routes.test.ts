import { describe, expect, it } from 'vitest';
import '../../grids';
import { GENERIC_PAGE_ROUTES, resolveGenericPage } from './generic-routes';
import { getPage } from './page';

describe('generic page routes (issue 35)', () => {
  it('are the spec\'s generic shapes: ecindex lists, /zp/ index and page lists, /zp/ document', () => {
    expect(Object.fromEntries(GENERIC_PAGE_ROUTES.map((r) => [r.path, r.shape]))).toEqual({
      ':cata/ecindex/:opt': 'list',
      'zp/:cata/index/:opt': 'list',
      'zp/:cata/page/:opt': 'list',
      'zp/:cata/document/:opt': 'document',
    });
  });

  it('find a declared page by its key alone, whatever its own kind and module', () => {
    const r = resolveGenericPage('material', 'list', null, getPage);
    expect(r).toMatchObject({ found: true, shape: 'list', recordId: null });
    expect(r.found && r.page.cata).toBe('md');
    expect(resolveGenericPage('purorder', 'document', '42', getPage)).toMatchObject({ found: true, shape: 'document', recordId: 42 });
  });

  it('answer not found for a key no page declares, or none', () => {
    expect(resolveGenericPage('no-such-page', 'list', null, getPage)).toEqual({ found: false });
    expect(resolveGenericPage(undefined, 'document', '1', getPage)).toEqual({ found: false });
    expect(resolveGenericPage('constructor', 'list', null, getPage)).toEqual({ found: false });
  });

  it('read a record id only as a positive whole number', () => {
    for (const bad of ['0', '-1', '1.5', 'abc', '', '1e3', '01', '99999999999999999']) expect(resolveGenericPage('material', 'document', bad, getPage)).toMatchObject({ recordId: null });
    expect(resolveGenericPage('material', 'document', '7', getPage)).toMatchObject({ recordId: 7 });
  });
});
