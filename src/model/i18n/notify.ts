import type { CatalogPart } from './types';

/**
 * Notifications (issue 15): the texts of the notices real events raise (translated per recipient in
 * the user's language, zh-CN by default) and the shell's bell and its list.
 */
export const notify: CatalogPart = {
  'zh-CN': {
    'notify.orderReceived.title': '收到新订单 {{no}}',
    'notify.orderReceived.body': '{{brand}} 发来订单 {{no}}（品牌单号 {{source}}），请确认接单或拒绝。',
    'notify.versionPublished.title': '分配版本 {{no}} 已发布',
    'notify.versionPublished.body': '{{user}} 发布了分配版本 {{no}}（{{from}} 至 {{to}}），此前发布的版本已归档。',
    'notify.sharedState.title': '{{doc}} {{no}}：{{to}}',
    'notify.sharedState.body': '{{user}}（{{company}}）将{{doc}} {{no}} 由“{{from}}”改为“{{to}}”。',
    'notify.sharedState.bodyReason': '{{user}}（{{company}}）将{{doc}} {{no}} 由“{{from}}”改为“{{to}}”，原因：{{reason}}',
    'notify.sharedState.bodyNew': '{{user}}（{{company}}）将{{doc}} {{no}} 提交为“{{to}}”。',

    'ui.notify.bell': '通知',
    'ui.notify.unread': '{{n}} 条未读',
    'ui.notify.markAllRead': '全部标为已读',
    'ui.notify.empty': '暂无通知',
    'ui.notify.loading': '加载中…',
    'ui.notify.loadFailed': '通知加载失败',
    'ui.notify.justNow': '刚刚',
    'ui.notify.minutesAgo': '{{n}} 分钟前',
    'ui.notify.hoursAgo': '{{n}} 小时前',
    'ui.notify.daysAgo': '{{n}} 天前',
    'notify.setting.eventUnknown': '未知的通知事件',
    'notify.setting.channelUnknown': '未知的通知渠道',
    'notify.setting.roleUnknown': '接收角色“{{role}}”不是本企业的角色',
    'notify.setting.channelRequired': '请至少选择一个通知渠道',
    'notify.setting.noEmail': '账号未填写邮箱，无法通过邮件通知：请先在个人资料中填写邮箱',
    'notify.setting.noWorkchat': '账号未绑定企业微信或钉钉，或公司未配置对应应用：请先完成绑定',
  },
  en: {
    'notify.orderReceived.title': 'New order {{no}} received',
    'notify.orderReceived.body': '{{brand}} sent order {{no}} (brand order {{source}}); please accept or reject it.',
    'notify.versionPublished.title': 'Allocation version {{no}} published',
    'notify.versionPublished.body': '{{user}} published allocation version {{no}} ({{from}} to {{to}}); the version published before is archived.',
    'notify.sharedState.title': '{{doc}} {{no}}: {{to}}',
    'notify.sharedState.body': '{{user}} ({{company}}) changed {{doc}} {{no}} from "{{from}}" to "{{to}}".',
    'notify.sharedState.bodyReason': '{{user}} ({{company}}) changed {{doc}} {{no}} from "{{from}}" to "{{to}}". Reason: {{reason}}',
    'notify.sharedState.bodyNew': '{{user}} ({{company}}) posted {{doc}} {{no}} as "{{to}}".',

    'ui.notify.bell': 'Notifications',
    'ui.notify.unread': '{{n}} unread',
    'ui.notify.markAllRead': 'Mark all read',
    'ui.notify.empty': 'No notifications',
    'ui.notify.loading': 'Loading…',
    'ui.notify.loadFailed': 'Notifications could not be loaded',
    'ui.notify.justNow': 'just now',
    'ui.notify.minutesAgo': '{{n}} min ago',
    'ui.notify.hoursAgo': '{{n}} h ago',
    'ui.notify.daysAgo': '{{n}} days ago',
    'notify.setting.eventUnknown': 'Unknown notification event',
    'notify.setting.channelUnknown': 'Unknown notification channel',
    'notify.setting.roleUnknown': 'Recipient role "{{role}}" is not a role of the company',
    'notify.setting.channelRequired': 'Choose at least one channel',
    'notify.setting.noEmail': 'Your account has no e-mail address: add one in your profile first',
    'notify.setting.noWorkchat': 'Your account is not bound to WeCom or DingTalk, or the company has no such application: bind it first',
  },
};
