import { describe, expect, it } from 'vitest';
import { FIELD_TYPES } from '../../../model/field-types';
import { FIELD_TYPE_TABLE } from '../../../model/field-types';
import { GENERIC_PAGE_ROUTES } from '../../../model/generic-routes';
import { formFields } from '../../../model/page-resolve';
import { getEntity } from '../../../model/entity';
import { FEATURE_SPEC_PATHS, patternShape, pendingSpecPaths } from '../../app/route-table';
import { engineRoutes } from '../../engine/routes';
import { GALLERY_ALIASES, GALLERY_ITEMS, galleryFieldTypes, galleryItemOf, resolveGalleryPage } from './gallery-items';
import { galleryRoutes } from './routes';

describe('component gallery (issue 35)', () => {
  it('shows every field type of the field-type table in one of its forms', () => {
    const shown = galleryFieldTypes();
    expect(FIELD_TYPES.filter((t) => !shown.has(t))).toEqual([]);
  });

  it('resolves each form and list item as any page is resolved, every field with its type\'s widget', () => {
    for (const item of GALLERY_ITEMS.filter((i) => i.page)) {
      const resolved = resolveGalleryPage(item)!;
      expect(resolved.page.opt, item.key).toBe(item.page!.opt);
      for (const f of formFields(resolved)) if (f.def) expect(f.type, `${item.key}.${f.field}`).toBe(FIELD_TYPE_TABLE[f.def.type].widget);
    }
    // The demo entities are never registered: no table, no menu, no generated suite.
    for (const item of GALLERY_ITEMS) for (const e of item.entities ?? []) expect(getEntity(e.name)).toBeUndefined();
    // The list reads a real entity of the registry.
    expect(resolveGalleryPage(galleryItemOf('list')!)!.apiBase).toBe('/api/mdapi/material');
  });

  it('shows each declaration\'s own source text beside it', () => {
    for (const item of GALLERY_ITEMS) {
      expect(item.source.length, item.key).toBeGreaterThan(100);
      if (item.page) expect(item.source).toContain(`opt: '${item.page.opt}'`);
      for (const e of item.entities ?? []) expect(item.source).toContain(`name: '${e.name}'`);
    }
    expect(galleryItemOf('chart')!.source).toContain('export const data: ChartData');
  });

  it('finds an item by its key or the spec\'s fixed names, and nothing for an unknown key', () => {
    expect(galleryItemOf('matrix')?.key).toBe('matrix');
    expect(galleryItemOf('fabricpage')?.key).toBe('matrix');
    expect(galleryItemOf('form')?.key).toBe('inputs');
    expect(galleryItemOf('dynapage')?.key).toBe('structures');
    for (const target of Object.values(GALLERY_ALIASES)) expect(galleryItemOf(target)).not.toBeNull();
    expect(galleryItemOf('nothing-here')).toBeNull();
    expect(galleryItemOf('constructor')).toBeNull();
  });

  it('answers the spec\'s demo routes and generic page routes, which are no longer "not available yet"', () => {
    const pending = pendingSpecPaths([...engineRoutes, ...galleryRoutes]);
    const demo = FEATURE_SPEC_PATHS.filter((p) => /^\/(visual\/demo|superdemo|superdemopage)\//.test(p));
    expect(demo.length).toBe(10);
    for (const p of demo) expect(pending, p).not.toContain(p);
    for (const r of GENERIC_PAGE_ROUTES) {
      expect(FEATURE_SPEC_PATHS.map(patternShape), r.path).toContain(patternShape(r.path));
      expect(pending.map(patternShape)).not.toContain(patternShape(r.path));
    }
  });
});
