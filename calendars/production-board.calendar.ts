import { defineCalendar } from '../src/model/calendar';

/** The board's route; the browser registers it, the menu entry points to it. */
export const SCHEDULE_BOARD_PATH = '/scm/page/schedule-board';

/**
 * The production scheduling board (spec "order-assisted scheduling"): lines as rows grouped by
 * workshop, bars as the placed parts of production plans (contract: src/model/schedule-board.ts).
 */
export const productionBoard = defineCalendar({
  code: 'production-board',
  title: { zh: '排产看板', en: 'Scheduling board' },
  entity: 'prodplan_bar',
  // The window read (issue 31): bars as columns (src/model/board-window.ts), `lines` narrows to the lines asked.
  source: { read: '/api/scmapi/schedule/window', command: '/api/scmapi/schedule/command', socketType: 'schedule.changed' },
  resource: {
    entity: 'workline',
    field: 'line_id',
    groupBy: { field: 'workshop_id', title: { zh: '车间', en: 'Workshop' } },
    title: { zh: '产线', en: 'Line' },
  },
  fields: {
    start: 'start',
    end: 'end',
    title: 'style_no',
    colour: 'category',
    progress: { done: 'done_qty', total: 'qty' },
    late: 'late',
    locked: 'locked',
  },
  filters: [
    { param: 'workshop', title: { zh: '车间', en: 'Workshop' }, kind: 'reference', entity: 'workshop' },
    { param: 'from', title: { zh: '开始日期', en: 'From' }, kind: 'date' },
    { param: 'to', title: { zh: '结束日期', en: 'To' }, kind: 'date' },
  ],
  bar: {
    label: ['style_no', 'plan_no', 'qty'],
    tooltip: [
      { field: 'plan_no', title: { zh: '计划单号', en: 'Plan no.' } },
      { field: 'order_no', title: { zh: '订单号', en: 'Order no.' } },
      { field: 'customer', title: { zh: '客户', en: 'Customer' } },
      { field: 'style_no', title: { zh: '款号', en: 'Style' } },
      { field: 'category', title: { zh: '品类', en: 'Category' }, dict: 'product_category' },
      { field: 'qty', title: { zh: '数量', en: 'Quantity' }, kind: 'number' },
      { field: 'done_qty', title: { zh: '已完成', en: 'Done' }, kind: 'number' },
      { field: 'start', title: { zh: '开始', en: 'Start' }, kind: 'date' },
      { field: 'end', title: { zh: '结束', en: 'End' }, kind: 'date' },
      { field: 'delivery_date', title: { zh: '交期', en: 'Delivery' }, kind: 'date' },
    ],
  },
  zooms: ['day', 'week', 'month'],
  defaultZoom: 'day',
  menu: { code: 'scm.schedule.board', group: 'planning', furl: SCHEDULE_BOARD_PATH, order: 10 },
});
