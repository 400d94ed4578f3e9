import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';

/**
 * The product's brand ramp: a denim indigo (the garment trade's own colour), from darkest (10) to
 * lightest (160) as Fluent's theme generator expects; 80 is the primary button colour.
 */
export const denim: BrandVariants = {
  10: '#04060F',
  20: '#111A2E',
  30: '#16264A',
  40: '#1A3162',
  50: '#1D3C79',
  60: '#20478F',
  70: '#2553A3',
  80: '#2E60B2',
  90: '#426FBA',
  100: '#567EC2',
  110: '#6A8ECA',
  120: '#7F9ED2',
  130: '#94AEDA',
  140: '#AABFE2',
  150: '#C0D0EA',
  160: '#D6E1F2',
};

export const productTheme: Theme = {
  ...createLightTheme(denim),
  fontFamilyBase: "'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', system-ui, sans-serif",
};
