import type { Dictionary, DictItem } from '../../../model/dictionaries';
import { allEntities, type Label } from '../../../model/entity';
import { FIELD_TYPE_TABLE, type FieldType } from '../../../model/field-types';
import type { CatalogEntry } from './admin-api';

/**
 * What a data-permission rule can name (spec 6: field, operator, value bound per menu code), from
 * the registry: the menus that list an entity, and that entity's declared fields plus the creator
 * (so that "my own records" is `created_by = $$USER_ID$$`). The server checks the same again.
 */
export type RuleField = { key: string; label: Label; type: FieldType; dict?: string };

const CREATOR: RuleField = { key: 'created_by', label: { zh: '创建人（用户ID）', en: 'Created by (user id)' }, type: 'integer' };
/** Field types a rule can compare: one value per column (not lists, JSON, images or rich text). */
const ruleable = (type: FieldType): boolean => FIELD_TYPE_TABLE[type].sqlType !== 'jsonb' && type !== 'image' && type !== 'markdown';

/** The entity a menu code lists (the non-child entity declared with it), as the server decides. */
function entityOf(menuCode: string) {
  const all = allEntities().filter((e) => e.menuCode === menuCode);
  return all.find((e) => !e.childOnly) ?? all[0];
}

/** Menus a rule can be bound to: those of the catalogue that list an entity. */
export function ruleMenus(catalog: readonly CatalogEntry[]): CatalogEntry[] {
  return catalog.filter((c) => entityOf(c.menu_code) !== undefined);
}

export function ruleFieldsOf(menuCode: string): RuleField[] {
  const entity = entityOf(menuCode);
  if (!entity) return [];
  return [...entity.fields.filter((f) => ruleable(f.type)).map((f) => ({ key: f.key, label: f.label, type: f.type, dict: f.dict })), CREATOR];
}

/** The values a field offers (a dictionary field: its items; a switch: true and false). */
export function valueChoices(field: RuleField, dictionary: (code: string) => Dictionary | undefined): DictItem[] {
  if (field.dict) return dictionary(field.dict)?.items ?? [];
  if (field.type === 'boolean') return [{ value: 'true', label: { zh: '是', en: 'Yes' } }, { value: 'false', label: { zh: '否', en: 'No' } }];
  if (field.key === 'created_by') return [{ value: '$$USER_ID$$', label: { zh: '当前用户', en: 'Current user' } }];
  return [];
}
