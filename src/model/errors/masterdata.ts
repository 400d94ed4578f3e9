import { defineErrors } from './define';

/** The errors of masterdata (fed into the masterdata catalogue part; see ./index). */
export const masterdataErrors = defineErrors({
  'excel.notImportable': { kind: 'forbidden', zh: '该页面不提供导入：{{entity}}', en: 'No page offers import of {{entity}}' },
  'res.notFound': { kind: 'notFound', zh: '记录不存在或不在您的数据范围内', en: 'The record does not exist or is outside your data scope' },
  'res.badFilter': { kind: 'badRequest', zh: '无效的筛选条件：{{filter}}', en: 'Invalid filter: {{filter}}' },
  'res.filterUnknownField': { kind: 'badRequest', zh: '列表不能按“{{field}}”筛选', en: 'The list cannot be filtered by "{{field}}"' },
  'res.filterBadOp': { kind: 'badRequest', zh: '“{{field}}”不支持筛选方式“{{op}}”', en: '"{{field}}" cannot be filtered with "{{op}}"' },
  'res.filterBadValue': { kind: 'badRequest', zh: '“{{value}}”不是“{{field}}”的有效筛选值', en: '"{{value}}" is not a valid filter value for "{{field}}"' },
  'res.badSort': { kind: 'badRequest', zh: '无效的排序字段：{{field}}', en: 'Invalid sort field: {{field}}' },
  'res.lockedState': { kind: 'conflict', zh: '当前状态的单据不能修改或删除', en: 'A document in this state cannot be changed or removed' },
  'res.noIds': { kind: 'badRequest', zh: '请先选择数据', en: 'Choose data first' },
  'res.outOfScope': { kind: 'forbidden', zh: '保存后的数据超出了您的数据权限范围，无法保存', en: 'The record would fall outside your data permissions, so it cannot be saved' },
  'res.referencedBy': { kind: 'inUse', zh: '该记录已被{{entity}}引用，无法删除', en: 'This record is used by {{entity}} and cannot be removed' },
  'res.tooManyIds': { kind: 'badRequest', zh: '一次最多只能操作 {{max}} 条数据，请分批进行', en: 'At most {{max}} records can be handled at once; please work in batches' },
  'res.transitionNotAllowed': { kind: 'conflict', zh: '当前状态不允许执行“{{action}}”', en: '"{{action}}" is not allowed in the current state' },
  'res.unknownAction': { kind: 'badRequest', alsoAs: ['notFound'], zh: '不支持的操作：{{action}}', en: 'Unsupported action: {{action}}' },
});
