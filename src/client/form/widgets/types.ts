import type { ResolvedField } from '../../../model/page-resolve';
import type { FormValues } from '../form-logic';

/** What every form widget receives; the widget table (index.tsx) picks the widget by `field.type`. */
export type WidgetProps = {
  id: string;
  field: ResolvedField;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  disabled: boolean;
  invalid: boolean;
  language: 'zh-CN' | 'en';
  /** All form values (cascades, split fields, display labels). */
  values: FormValues;
  /** Sets other fields a widget owns (a tree's display label). */
  setValues: (patch: FormValues) => void;
  /** A reference picked one record (null: cleared): the form applies displayfield, splitFields and defaultfield (form-logic `pickEffects`). */
  onPick: (row: Record<string, unknown> | null) => void;
  /** The record's own id (a tree picker must not offer the record as its own parent). */
  recordId?: number | null;
};

export const asText = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
export const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v === null || v === undefined || v === '' ? [] : [String(v)]);
