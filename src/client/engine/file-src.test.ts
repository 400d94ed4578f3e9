import { describe, expect, it } from 'vitest';
import { fileSrc } from './file-src';

describe('stored file addresses for <img>', () => {
  it('adds the token to this site\'s file routes only', () => {
    expect(fileSrc('/api/crossapi/ccommonapi/files/7', 'a.b+c')).toBe('/api/crossapi/ccommonapi/files/7?token=a.b%2Bc');
    expect(fileSrc('/api/x?y=1', 't')).toBe('/api/x?y=1&token=t');
    expect(fileSrc('https://cdn.example.com/a.png', 't')).toBe('https://cdn.example.com/a.png');
    expect(fileSrc('/api/crossapi/ccommonapi/files/7', null)).toBe('/api/crossapi/ccommonapi/files/7');
    expect(fileSrc(null, 't')).toBe('');
  });
});
