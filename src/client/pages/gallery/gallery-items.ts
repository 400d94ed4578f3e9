import '../../../../grids';
import type { EntityDef, Label } from '../../../model/entity';
import { getEntity } from '../../../model/entity';
import type { FieldType } from '../../../model/field-types';
import type { PageDef } from '../../../model/page';
import { resolvePage, type ResolvedPage } from '../../../model/page-resolve';
import calendarSource from './demos/calendar.demo.ts?raw';
import chartSource from './demos/chart.demo.ts?raw';
import * as choicesDemo from './demos/choices.demo';
import choicesSource from './demos/choices.demo.ts?raw';
import * as datesDemo from './demos/dates.demo';
import datesSource from './demos/dates.demo.ts?raw';
import * as inputsDemo from './demos/inputs.demo';
import inputsSource from './demos/inputs.demo.ts?raw';
import * as linesDemo from './demos/lines.demo';
import linesSource from './demos/lines.demo.ts?raw';
import * as listDemo from './demos/list.demo';
import listSource from './demos/list.demo.ts?raw';
import * as matrixDemo from './demos/matrix.demo';
import matrixSource from './demos/matrix.demo.ts?raw';
import * as structuresDemo from './demos/structures.demo';
import structuresSource from './demos/structures.demo.ts?raw';

/**
 * The component gallery (issue 35, spec 2 `/visual/demo/{opt}`, `/superdemo/*`, `/superdemopage/*`):
 * each item is drawn live from a small declaration in ./demos, whose source text is shown beside it.
 * Form items declare an entity and a page that are never registered (no table, no menu): they are
 * resolved here with their own entities first, then the registry's (a vendor picker, a dictionary).
 */
export type GalleryKind = 'form' | 'list' | 'chart' | 'calendar';

export type GalleryItem = {
  key: string;
  kind: GalleryKind;
  title: Label;
  /** Catalogue key of the one-line explanation shown above the item. */
  about: string;
  /** The declaration's file (under src/client/pages/gallery/demos) and its source text. */
  file: string;
  source: string;
  /** Form and list items: the page declaration and the entities it declares itself. */
  page?: PageDef;
  entities?: EntityDef[];
};

const form = (key: string, demo: { page: PageDef; entity: EntityDef; lineEntity?: EntityDef }, source: string): GalleryItem => ({
  key,
  kind: 'form',
  title: demo.page.title,
  about: `gallery.about.${key}`,
  file: `${key}.demo.ts`,
  source,
  page: demo.page,
  entities: [demo.entity, ...(demo.lineEntity ? [demo.lineEntity] : [])],
});

export const GALLERY_ITEMS: readonly GalleryItem[] = [
  form('inputs', inputsDemo, inputsSource),
  form('dates', datesDemo, datesSource),
  form('choices', choicesDemo, choicesSource),
  form('structures', structuresDemo, structuresSource),
  { key: 'list', kind: 'list', title: listDemo.page.title, about: 'gallery.about.list', file: 'list.demo.ts', source: listSource, page: listDemo.page, entities: [] },
  form('lines', linesDemo, linesSource),
  form('matrix', matrixDemo, matrixSource),
  { key: 'chart', kind: 'chart', title: { zh: '图表', en: 'Chart' }, about: 'gallery.about.chart', file: 'chart.demo.ts', source: chartSource },
  { key: 'calendar', kind: 'calendar', title: { zh: '日历', en: 'Calendar' }, about: 'gallery.about.calendar', file: 'calendar.demo.ts', source: calendarSource },
];

/** The spec's demo routes with a fixed name, shown as the gallery item closest to them. */
export const GALLERY_ALIASES: Readonly<Record<string, string>> = { index: 'inputs', form: 'inputs', dynapage: 'structures', fabricpage: 'matrix' };

/** The item a route's `{opt}` names (directly or by alias), or null: the gallery's not-found state. */
export function galleryItemOf(opt: string | undefined): GalleryItem | null {
  const key = opt ? (Object.hasOwn(GALLERY_ALIASES, opt) ? GALLERY_ALIASES[opt] : opt) : 'inputs';
  return GALLERY_ITEMS.find((i) => i.key === key) ?? null;
}

/** A form or list item's page resolved as any page is, its own entities before the registry's. */
export function resolveGalleryPage(item: GalleryItem): ResolvedPage | null {
  if (!item.page) return null;
  const own = item.entities ?? [];
  return resolvePage(item.page, (name) => own.find((e) => e.name === name) ?? getEntity(name));
}

/** Every field type some form item of the gallery shows (a test checks none is missing). */
export function galleryFieldTypes(): Set<FieldType> {
  const out = new Set<FieldType>();
  for (const item of GALLERY_ITEMS) if (item.kind === 'form') for (const e of item.entities ?? []) for (const f of e.fields) out.add(f.type);
  return out;
}

/** The menu code the gallery is bound to: administrators by default (admin.*), or a role the company grants it. */
export const GALLERY_MENU_CODE = 'admin.gallery';
