import { defineErrors } from './define';

/** The errors of workorder (fed into the workorder catalogue part; see ./index). */
export const workorderErrors = defineErrors({
  'wo.activated': { kind: 'conflict', zh: '计划 {{plan}} 的工单已下达产线，不能撤销排产', en: 'The work orders of plan {{plan}} are released to the line: the plan can no longer be unscheduled' },
  'wo.allOutsourced': { kind: 'precheck', zh: '工艺路线全部为外发工序，无需生成工单', en: 'All processes are outsourced, no work order needed' },
  'wo.alreadyGenerated': { kind: 'duplicate', zh: '计划 {{plan}} 已生成工单', en: 'Plan {{plan}} already has work orders' },
  'wo.bundleSize': { kind: 'validation', zh: '每扎件数须为 1 到 10000 的整数', en: 'Pieces per bundle must be a whole number from 1 to 10000' },
  'wo.bundlesScanned': { kind: 'inUse', zh: '计划 {{plan}} 的扎已有扫描记录，不能重新生成', en: 'The bundles of plan {{plan}} have scans already and cannot be generated again' },
  'wo.confirmShort': { kind: 'precheck', zh: '完工数量 {{qty}} 少于工单数量 {{ordered}}，确认按此数量完工？', en: 'The finished quantity {{qty}} is below the ordered quantity {{ordered}}: finish the work order with it?' },
  'wo.noMatrix': { kind: 'precheck', zh: '计划 {{plan}} 没有颜色尺码数量，不能分扎', en: 'Plan {{plan}} has no colour x size quantities to bundle' },
  'wo.noPlannedLine': { kind: 'precheck', zh: '计划 {{plan}} 未设置计划产线，请先排产', en: 'No planned line set for plan {{plan}}: schedule it first' },
  'wo.noProcess': { kind: 'precheck', zh: '工厂 {{plant}} 未维护工序，请先在工序资料中维护工艺路线', en: 'No process maintained for the plant {{plant}}: maintain the routing in process information first' },
  'wo.noWorkOrders': { kind: 'precheck', zh: '计划 {{plan}} 还没有工单，请先生成工单', en: 'Plan {{plan}} has no work orders yet: generate them first' },
  'wo.planNotScheduled': { kind: 'precheck', zh: '计划 {{plan}} 未确认排产，不能生成工单', en: 'Plan {{plan}} is not scheduled: confirm its schedule before generating work orders' },
  'wo.qtyNegative': { kind: 'validation', zh: '完工数量不能小于 0', en: 'The finished quantity cannot be below 0' },
  'wo.qtyOver': { kind: 'validation', zh: '完工数量 {{qty}} 超过工单数量 {{ordered}}', en: 'The finished quantity {{qty}} exceeds the ordered quantity {{ordered}}' },
  'wo.qtyRequired': { kind: 'validation', zh: '请填写完工数量', en: 'Enter the finished quantity' },
  'wo.scan.alreadyIn': { kind: 'duplicate', zh: '扎 {{barcode}} 已在工序“{{process}}”扫描进站', en: 'Bundle {{barcode}} is already scanned in at "{{process}}"' },
  'wo.scan.alreadyOut': { kind: 'duplicate', zh: '扎 {{barcode}} 已在工序“{{process}}”扫描出站', en: 'Bundle {{barcode}} is already scanned out at "{{process}}"' },
  'wo.scan.badProcess': { kind: 'validation', zh: '请选择本工位的工序', en: 'Choose this station\'s process' },
  'wo.scan.emptyBarcode': { kind: 'validation', zh: '请扫描或输入条码', en: 'Scan or type a barcode' },
  'wo.scan.finished': { kind: 'conflict', zh: '工序“{{process}}”的工单 {{wo}} 已完工', en: 'Work order {{wo}} of process "{{process}}" is finished' },
  'wo.scan.noWorkOrder': { kind: 'conflict', zh: '扎 {{barcode}} 所属计划没有工序“{{process}}”的工单', en: 'The plan of bundle {{barcode}} has no work order for process "{{process}}"' },
  'wo.scan.notReleased': { kind: 'conflict', zh: '工序“{{process}}”的工单 {{wo}} 未下达产线', en: 'Work order {{wo}} of process "{{process}}" is not released to the line' },
  'wo.scan.skippedIn': { kind: 'conflict', zh: '扎 {{barcode}} 未在工序“{{process}}”扫描进站（该工序强制扫描进站）', en: 'Bundle {{barcode}} was not scanned in at "{{process}}" (that process forces scan in)' },
  'wo.scan.skippedOut': { kind: 'conflict', zh: '扎 {{barcode}} 未在工序“{{process}}”扫描出站（该工序强制扫描出站）', en: 'Bundle {{barcode}} was not scanned out at "{{process}}" (that process forces scan out)' },
  'wo.scan.unknown': { kind: 'notFound', zh: '条码 {{barcode}} 不存在', en: 'Barcode {{barcode}} does not exist' },
});
