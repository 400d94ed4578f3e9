import type { Label } from './entity';

/** Platforms a user can work in (spec: platform id and name; module UI suffixes of spec 9). */
export type Platform = { id: string; name: Label; uiSuffix: string };

export const PLATFORMS: Platform[] = [
  { id: 'SRM', name: { zh: '供应链协同', en: 'Supply collaboration' }, uiSuffix: 'srmui' },
  { id: 'SFCENTER', name: { zh: '智造中心', en: 'Smart factory centre' }, uiSuffix: 'sfcenterui' },
  { id: 'SFPRINT', name: { zh: '打印中心', en: 'Print centre' }, uiSuffix: 'printui' },
];

export const DEFAULT_PLATFORM = 'SRM';

export function isPlatform(id: unknown): id is string {
  return typeof id === 'string' && PLATFORMS.some((p) => p.id === id);
}
