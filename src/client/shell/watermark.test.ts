import { describe, expect, it } from 'vitest';
import { watermarkStyle, watermarkText, watermarkTileSvg } from './watermark';

describe('watermark (spec 9)', () => {
  it('shows the name and the date', () => {
    expect(watermarkText('王计划', new Date(2026, 0, 5, 23, 59))).toBe('王计划 2026-01-05');
  });

  it('draws a 300x300 tile with the text rotated -15 degrees, 18px, grey at 40 percent', () => {
    const svg = watermarkTileSvg('a<b');
    expect(svg).toContain('width="300" height="300"');
    expect(svg).toContain('rotate(-15 150 150)');
    expect(svg).toContain('font-size="18px"');
    expect(svg).toContain('fill="grey" fill-opacity="0.4"');
    expect(svg).toContain('a&lt;b');
  });

  it('is a fixed overlay that ignores the pointer', () => {
    const style = watermarkStyle('x');
    expect(style).toMatchObject({ position: 'fixed', pointerEvents: 'none', backgroundSize: '300px 300px', backgroundRepeat: 'repeat' });
    expect(String(style.backgroundImage)).toMatch(/^url\("data:image\/svg\+xml/);
  });
});
