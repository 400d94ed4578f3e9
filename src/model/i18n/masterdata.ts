import type { CatalogPart } from './types';
import { errorTexts } from '../errors/define';
import { masterdataErrors } from '../errors/masterdata';

/**
 * Messages of the master-data area and of the generic resource API (save, remove, actions,
 * history) that every registry entity shares.
 */
export const masterdata: CatalogPart = {
  'zh-CN': {
    ...errorTexts(masterdataErrors, 'zh-CN'),
    'md.validToBeforeFrom': '结束日期不能早于开始日期',
    'res.treeCycle': '上级不能是自身或其下级',
    'res.childRowMissing': '明细行不存在或不属于该单据',
    'res.childLineRepeated': '明细中 {{value}} 重复，同一单据只能出现一行',
    'res.versionsMismatch': '版本号的数量与所选数据不一致，请刷新后重试',
    'audit.create': '新建',
    'audit.update': '修改',
    'audit.remove': '删除',
    'audit.import': '导入新建',
    'audit.field.$job': '导入任务',
    'audit.field.$row': 'Excel 行号',
  },
  en: {
    ...errorTexts(masterdataErrors, 'en'),
    'md.validToBeforeFrom': 'The end date cannot be before the start date',
    'res.treeCycle': 'The parent cannot be the record itself or one of its descendants',
    'res.childRowMissing': 'The detail row does not exist or does not belong to this document',
    'res.childLineRepeated': '{{value}} appears on more than one line: one line each per document',
    'res.versionsMismatch': 'The versions sent do not match the records chosen; refresh and retry',
    'audit.create': 'Created',
    'audit.update': 'Changed',
    'audit.remove': 'Removed',
    'audit.import': 'Created by import',
    'audit.field.$job': 'Import job',
    'audit.field.$row': 'Excel row',
  },
};
