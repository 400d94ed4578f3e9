/** A catalogue part: the same keys in zh-CN and en. Each area of the product owns one part. */
export type CatalogPart = { 'zh-CN': Record<string, string>; en: Record<string, string> };
export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

export function isLanguage(value: unknown): value is Language {
  return value === 'zh-CN' || value === 'en';
}
