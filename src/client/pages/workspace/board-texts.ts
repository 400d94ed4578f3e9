import type { Label } from '../../../model/entity';

/** The personal boards' texts, zh-CN first (issue 13). */
export const T = {
  appMarket: { zh: '应用市场', en: 'App market' },
  apps: { zh: '应用模块', en: 'App modules' },
  subscribe: { zh: '订阅', en: 'Subscribe' },
  subscribedState: { zh: '已订阅', en: 'Subscribed' },
  subscribed: { zh: '已订阅应用，可在“我的应用”中打开', en: 'Subscribed: open it from My apps' },
  unsubscribed: { zh: '已取消订阅', en: 'Unsubscribed' },
  functions: { zh: '{n} 个功能', en: '{n} functions' },
  noApps: { zh: '还没有订阅应用。在应用市场订阅常用模块，即可从这里一键进入。', en: 'No apps yet. Subscribe to the modules you use in the app market to open them from here.' },
  openMarket: { zh: '打开应用市场', en: 'Open the app market' },
  failed: { zh: '加载失败', en: 'Could not be loaded' },
} satisfies Record<string, Label>;
