import type { CatalogPart } from './types';
import { errorTexts } from '../errors/define';
import { ordersErrors } from '../errors/orders';

/** Messages of orders and demand allocation (issue 6). Spec 5 and 8 wording verbatim where given. */
export const orders: CatalogPart = {
  'zh-CN': {
    ...errorTexts(ordersErrors, 'zh-CN'),
    'scm.version.monthRange': '结束月份不能早于开始月份',
    'scm.version.notDraft': '只有草稿版本可以修改',
    'scm.version.copied': '已复制为新草稿版本 {{code}}',
    'scm.demand.yearMismatch': '年份与月份不一致',
    'scm.capacity.badCycle': '周期格式不正确（月：YYYY-MM，周：YYYY-Www）',
    'scm.calendar.badHours': '工作时间段不正确',
    'scm.calendar.badWeekdays': '工作日须为1到7的数字，用逗号分隔',
    'scm.order.makerNotJoined': '供应商未加入平台，外协单数据无法发送，请手工跟踪',
    // A brand's requirement order to a maker that is not linked to a company on the platform (issue 21: name brand orders, not outsourced ones).
    'scm.order.prMakerNotJoined': '该工厂未关联平台企业，大货需求订单无法发送，请手工跟踪；如工厂已加入平台，请在供应商中“关联平台企业”后重新发送',
    'scm.order.sentToMaker': '订单已发送给工厂，等待接单',
    'scm.alloc.reason.no_group': '品类不属于任何产能组',
    'scm.alloc.reason.no_capacity': '该周期没有供应商维护此品类的产能',
    'scm.alloc.reason.excluded': '可用供应商均被锁定排除',
    'scm.alloc.reason.capacity_exhausted': '产能已被占满',
    'scm.alloc.reason.share_cap': '供应商已达份额上限',
    'scm.alloc.reason.below_min_lot': '剩余产能低于最小批量',
    'scm.alloc.reason.cycle_out_of_range': '需求月份不在版本范围内',
  },
  en: {
    ...errorTexts(ordersErrors, 'en'),
    'scm.version.monthRange': 'The end month cannot be before the start month',
    'scm.version.notDraft': 'Only a draft version can be changed',
    'scm.version.copied': 'Copied to the new draft version {{code}}',
    'scm.demand.yearMismatch': 'The year does not match the month',
    'scm.capacity.badCycle': 'Invalid cycle (month: YYYY-MM, week: YYYY-Www)',
    'scm.calendar.badHours': 'Invalid working hours',
    'scm.calendar.badWeekdays': 'Working weekdays are numbers 1 to 7 separated by commas',
    'scm.order.makerNotJoined': 'The supplier has not joined the platform, so the outsourced order data cannot be sent; please track it manually',
    'scm.order.prMakerNotJoined': 'This maker is not linked to a company on the platform, so the requirement order cannot be sent; track it by hand, or, if the maker has joined, link the vendor to its platform company and send again',
    'scm.order.sentToMaker': 'The order was sent to the maker and awaits acceptance',
    'scm.alloc.reason.no_group': 'The category belongs to no capacity group',
    'scm.alloc.reason.no_capacity': 'No vendor has capacity for this category in the cycle',
    'scm.alloc.reason.excluded': 'Every vendor that could make it is locked out',
    'scm.alloc.reason.capacity_exhausted': 'Capacity is used up',
    'scm.alloc.reason.share_cap': 'The vendors are at their share cap',
    'scm.alloc.reason.below_min_lot': 'The capacity left is below the minimum lot',
    'scm.alloc.reason.cycle_out_of_range': 'The demand month is outside the version range',
  },
};
