import { describe, expect, it } from 'vitest';
import { providerOf } from './third-provider';

describe('workplace chat welcome routes', () => {
  it('knows the provider of each route', () => {
    expect(providerOf('/login/qywxwelcome', undefined)).toBe('wecom');
    expect(providerOf('/login/ddwelcome/MAKER01', undefined)).toBe('dingtalk');
    expect(providerOf('/login/third/qywx', 'qywx')).toBe('wecom');
    expect(providerOf('/login/third/DingTalk', 'DingTalk')).toBe('dingtalk');
    expect(providerOf('/login/third/feishu', 'feishu')).toBeNull();
  });
});
