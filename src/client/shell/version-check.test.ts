import { describe, expect, it } from 'vitest';
import { versionNotice, VERSION_POLL_MS } from './version-check';

describe('version check', () => {
  it('tells of a newer server build than the page was loaded with', () => {
    expect(versionNotice('build-a', 'build-b', false, false)).toBe('newBuild');
    expect(versionNotice('build-a', 'build-a', false, false)).toBe('none');
  });

  it("tells of the login reply's hasnewversion", () => {
    expect(versionNotice('build-a', 'build-a', true, false)).toBe('newVersion');
  });

  it('says nothing once dismissed or before anything is known', () => {
    expect(versionNotice('build-a', 'build-b', true, true)).toBe('none');
    expect(versionNotice('', 'build-b', false, false)).toBe('none');
  });

  it('polls every few minutes', () => {
    expect(VERSION_POLL_MS).toBe(300000);
  });
});
