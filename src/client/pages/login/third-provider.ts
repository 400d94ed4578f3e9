/** The workplace chat a welcome route is for (spec 2 login children; spec 7 qywx = WeCom, dd = DingTalk). */
export type ChatProvider = 'wecom' | 'dingtalk';

const ALIASES: Record<string, ChatProvider> = { wecom: 'wecom', qywx: 'wecom', wework: 'wecom', dingtalk: 'dingtalk', dd: 'dingtalk', ding: 'dingtalk' };

export function providerOf(pathname: string, type: string | undefined): ChatProvider | null {
  if (/^\/login\/qywxwelcome\/?$/.test(pathname)) return 'wecom';
  if (/^\/login\/ddwelcome\//.test(pathname)) return 'dingtalk';
  return type ? (ALIASES[type.toLowerCase()] ?? null) : null;
}
