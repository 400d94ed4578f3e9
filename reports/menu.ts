import { defineMenuGroup, type MenuEntry } from '../src/model';

const MANAGERS = ['clientadmin', 'admin', 'planner', 'linemanager'];
/** Issue 29: finance reads the tower and the reports of spend, prices, vendors, stock and order books. */
const WITH_FINANCE = [...MANAGERS, 'finance'];
/** A supplier's own orders and shipments are its sales's work too, not only its managers'. */
const SUPPLIER_SIDE = [...WITH_FINANCE, 'common'];

const entry = (name: string, title: { zh: string; en: string }, order: number, companies: MenuEntry['companies'], roles: string[] = MANAGERS): MenuEntry => ({
  code: `rpt.${name}`,
  furl: `/rpt/dsrptindex/${name}`,
  title,
  roles,
  order,
  companies,
});

/**
 * Reports (issue 13). Menu codes are global (a code declared twice keeps its first declaration), so
 * an entry has its own `rpt.<report>` code; its roles keep it to managers, administrators and
 * planners, and the report route still checks the read grant of the list the report reads. Each
 * entry is for the kind of company whose data the report reads: a maker receives customer orders
 * and schedules lines, a brand raises requirement orders; both allocate demand to vendors (a maker
 * to its subcontracting workshops) and buy.
 */
export const reportsMenu = defineMenuGroup({
  code: 'reports',
  platforms: ['SRM'],
  companies: ['brand', 'maker', 'supplier'],
  title: { zh: '报表分析', en: 'Reports' },
  icon: 'report',
  entries: [
    {
      code: 'rpt.control-tower',
      furl: '/visual/control-tower',
      title: { zh: '供应链控制塔', en: 'Control tower' },
      roles: WITH_FINANCE,
      order: 1,
      companies: ['brand', 'maker'],
    },
    // Dashboards (reports/dashboards, `/visual/{opt}`): each widget still needs its report's entry.
    { code: 'rpt.visual.production', furl: '/visual/production', title: { zh: '生产运营看板', en: 'Production dashboard' }, roles: MANAGERS, order: 2, companies: ['maker'] },
    { code: 'rpt.visual.sourcing', furl: '/visual/sourcing', title: { zh: '寻源与采购看板', en: 'Sourcing and purchasing dashboard' }, roles: MANAGERS, order: 3, companies: ['brand', 'maker'] },
    // Customer orders are the orders a maker receives.
    entry('orders-by-status', { zh: '客户订单状态分布', en: 'Customer orders by status' }, 10, ['maker']),
    entry('order-book', { zh: '订单簿（客户×月份）', en: 'Order book by customer and month' }, 20, ['maker'], WITH_FINANCE),
    entry('on-time-delivery', { zh: '准时交货率', en: 'On-time delivery rate' }, 30, ['maker']),
    entry('capacity-load', { zh: '产线负荷（按周）', en: 'Line load by week' }, 40, ['maker']),
    entry('plan-lateness', { zh: '计划延期（正式排产）', en: 'Late plans (live schedule)' }, 41, ['maker']),
    entry('pr-order-book', { zh: '需求订单簿（客户×月份）', en: 'Requirement order book by customer and month' }, 20, ['brand'], WITH_FINANCE),
    entry('allocation-by-vendor', { zh: '供应商分配量（版本/季节）', en: 'Allocation by vendor, version and season' }, 50, ['brand', 'maker']),
    entry('allocation-coverage', { zh: '分配覆盖率', en: 'Allocation coverage' }, 55, ['brand', 'maker']),
    entry('vendor-capacity-vs-allocated', { zh: '供应商产能与分配', en: 'Vendor capacity vs allocated' }, 60, ['brand', 'maker']),
    entry('purchase-spend', { zh: '采购金额（供应商×月份）', en: 'Purchase spend by supplier and month' }, 70, ['brand', 'maker'], WITH_FINANCE),
    entry('material-price-trend', { zh: '物料价格趋势', en: 'Material price trend' }, 80, ['brand', 'maker'], WITH_FINANCE),
    entry('stock-by-location', { zh: '库位库存', en: 'Stock by location' }, 90, ['brand', 'maker'], WITH_FINANCE),
    entry('node-risk', { zh: '节点风险（按节点）', en: 'Node-tracking risk by node' }, 42, ['maker']),
    entry('outsourced-wip', { zh: '外发在制（按供应商）', en: 'Outsourced work in progress' }, 44, ['maker']),
    entry('vendor-scorecard', { zh: '供应商绩效', en: 'Vendor scorecard' }, 65, ['brand', 'maker'], WITH_FINANCE),
    entry('vendor-kpi', { zh: '供应商KPI', en: 'Vendor KPI' }, 66, ['brand', 'maker']),
    entry('quality-defects', { zh: '质量缺陷率（产线/供应商/款式）', en: 'Defect rate by line, vendor and style' }, 46, ['maker']),
    entry('sourcing-in-progress', { zh: '进行中的寻源（按阶段）', en: 'Sourcing in progress by stage' }, 75, ['brand', 'maker']),
    entry('open-exceptions', { zh: '未关闭异常（按账龄）', en: 'Open exceptions by age' }, 95, ['brand', 'maker', 'supplier'], WITH_FINANCE),
    // The supplier's own orders and shipments (reports/supplier-orders).
    entry('supplier-order-book', { zh: '客户采购订单（客户×月份）', en: 'Orders received by customer and month' }, 10, ['supplier'], SUPPLIER_SIDE),
    entry('supplier-dispatch', { zh: '准时发货率（按客户）', en: 'On-time dispatch by customer' }, 30, ['supplier'], SUPPLIER_SIDE),
    entry('import-history', { zh: '导入历史', en: 'Import history' }, 100, ['brand', 'maker', 'supplier'], ['clientadmin', 'admin', 'planner', 'linemanager', 'common', 'finance']),
  ],
});
