import type { ComponentType } from 'react';
import type { FormWidget } from '../../../model/field-types';
import { DateTimeInput, NumberInput, PlainInput, RuntimeLocationInput, SwitchInput, TextareaInput } from './basic';
import { AutoComplete, CheckboxList, DropdownBox, ImageDropdownBox, TransferList } from './choice';
import { DropdownTable, TreeSelect } from './reference';
import { FilesInput } from './files';
import { KeyedTable } from './keyed-table';
import { RecordList } from './record-list';
import { FilterMapping, MarkdownEditor, MatrixWidget, RulesTable } from './structured';
import type { WidgetProps } from './types';

/**
 * The widget of each spec 3 field type (STYLE habit 2: one typed table). '' is a plain input whose
 * `inputType` picks text, password, date or month.
 */
export const WIDGETS: Record<FormWidget, ComponentType<WidgetProps>> = {
  '': PlainInput,
  number: NumberInput,
  textarea: TextareaInput,
  switch: SwitchInput,
  datetime: DateTimeInput,
  runtimeLocation: RuntimeLocationInput,
  dropdownbox: DropdownBox,
  checkboxlist: CheckboxList,
  imgdropdownbox: ImageDropdownBox,
  transfer: TransferList,
  autocomplete: AutoComplete,
  dropdowntable: DropdownTable,
  treeselect: TreeSelect,
  markdown: MarkdownEditor,
  rulestable: RulesTable,
  fmsfiltermapping: FilterMapping,
  matrixinputtable: MatrixWidget,
  keyedtable: KeyedTable,
  recordlist: RecordList,
  files: FilesInput,
};

export type { WidgetProps } from './types';
