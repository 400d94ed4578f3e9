import { describe, expect, it } from 'vitest';
import { clampPaneSize, paneMax, paneStorageKey, readPaneSize, sizeAfterDrag, sizeAfterKey } from './split-size';

describe('resizable pane sizes', () => {
  const limits = { min: 200, max: 600 };
  it('clamps into the limits, the minimum winning over a smaller maximum', () => {
    expect(clampPaneSize(100, limits)).toBe(200);
    expect(clampPaneSize(900, limits)).toBe(600);
    expect(clampPaneSize(333.4, limits)).toBe(333);
    expect(clampPaneSize(500, { min: 300, max: 250 })).toBe(300);
    expect(clampPaneSize(Number.NaN, limits)).toBe(200);
  });
  it('limits a pane to its share and leaves the other pane its minimum', () => {
    expect(paneMax(1000, 0.6, 300, 200)).toBe(600);
    expect(paneMax(700, 0.6, 400, 200)).toBe(300);
    expect(paneMax(300, 0.6, 400, 200)).toBe(200);
  });
  it('moves the splitter with the arrows: the left arrow widens a pane at the end and narrows one at the start', () => {
    expect(sizeAfterKey('ArrowLeft', false, 300, 'end', limits)).toBe(316);
    expect(sizeAfterKey('ArrowRight', false, 300, 'end', limits)).toBe(284);
    expect(sizeAfterKey('ArrowLeft', false, 300, 'start', limits)).toBe(284);
    expect(sizeAfterKey('ArrowRight', true, 300, 'start', limits)).toBe(364);
    expect(sizeAfterKey('ArrowRight', true, 590, 'start', limits)).toBe(600);
    expect(sizeAfterKey('Home', false, 300, 'start', limits)).toBe(200);
    expect(sizeAfterKey('End', false, 300, 'end', limits)).toBe(600);
    expect(sizeAfterKey('a', false, 300, 'end', limits)).toBeNull();
  });
  it('follows a drag: to the right widens a pane at the start, narrows one at the end', () => {
    expect(sizeAfterDrag(300, 50, 'start', limits)).toBe(350);
    expect(sizeAfterDrag(300, 50, 'end', limits)).toBe(250);
    expect(sizeAfterDrag(300, -500, 'end', limits)).toBe(600);
  });
  it('keeps a size per user and pane and reads back only numbers', () => {
    expect(paneStorageKey('maker.planner', 'alloc-heatmap')).toBe('pane:maker.planner:alloc-heatmap');
    expect(paneStorageKey(null, 'x')).toBe('pane:anonymous:x');
    expect(readPaneSize('320')).toBe(320);
    expect(readPaneSize(null)).toBeNull();
    expect(readPaneSize('wide')).toBeNull();
    expect(readPaneSize('-5')).toBeNull();
  });
});
