import type { Label } from './entity';

/**
 * System dictionaries (types, grades, units, currencies, ...). A tenant's own items live in the
 * database (data dictionary, spec 6) and extend these.
 */
export type DictItem = { value: string; label: Label; extra?: Record<string, string> };
export type Dictionary = { code: string; label: Label; items: DictItem[] };

const DICTS = new Map<string, Dictionary>();

export function defineDictionary(dict: Dictionary): Dictionary {
  DICTS.set(dict.code, dict);
  return dict;
}

export function getDictionary(code: string): Dictionary | undefined {
  return DICTS.get(code);
}

export function allDictionaries(): Dictionary[] {
  return [...DICTS.values()];
}

/**
 * The signed-in company's own dictionary items (spec 6 data dictionary), registered by the browser
 * from the login or profile reply. The server never registers any: it serves many companies and
 * passes a company's items to validation per request (ValidateOptions.dictExtras).
 */
let companyItems: ReadonlyMap<string, DictItem[]> = new Map();
let companyItemsGeneration = 0;

export function setCompanyDictionaryItems(items: Record<string, DictItem[]> | null | undefined): void {
  companyItems = new Map(Object.entries(items ?? {}));
  companyItemsGeneration++;
}

/** Changes each time the company's items are registered (caches of resolved pages key on it). */
export function companyDictionaryGeneration(): number {
  return companyItemsGeneration;
}

/** A dictionary's items for drop-downs: the system's, then the company's own that the system lacks. */
export function dictionaryItems(code: string): DictItem[] | undefined {
  const system = DICTS.get(code)?.items;
  const own = companyItems.get(code);
  if (!own?.length) return system;
  const known = new Set((system ?? []).map((i) => i.value));
  return [...(system ?? []), ...own.filter((i) => !known.has(i.value))];
}

/**
 * A dictionary value as people read it, in both languages (issue 29: a category shows as 针织上衣,
 * not knit-top): the system's item, else the company's own (`own`, by dictionary code), else the
 * value itself. For text the server writes (messages, payloads) where no drop-down labels it.
 */
export function dictValueLabel(dict: string, value: string | null | undefined, own?: ReadonlyMap<string, readonly DictItem[]>): Label {
  const text = value ?? '';
  const item = DICTS.get(dict)?.items.find((i) => i.value === text) ?? own?.get(dict)?.find((i) => i.value === text);
  return item ? { zh: item.label.zh, en: item.label.en || item.label.zh } : { zh: text, en: text };
}

/** Spec 9: CNY and RMB as yuan, USD as dollar, HKD as Hong Kong dollar. */
export const currency = defineDictionary({
  code: 'currency',
  label: { zh: '币种', en: 'Currency' },
  items: [
    { value: 'CNY', label: { zh: '人民币', en: 'Chinese yuan' }, extra: { symbol: '¥' } },
    { value: 'RMB', label: { zh: '人民币', en: 'Renminbi' }, extra: { symbol: '¥' } },
    { value: 'USD', label: { zh: '美元', en: 'US dollar' }, extra: { symbol: '$' } },
    { value: 'HKD', label: { zh: '港币', en: 'Hong Kong dollar' }, extra: { symbol: 'HK$' } },
  ],
});

/** Spec 4: validity status 0 expired, 10 not expired. */
export const validity = defineDictionary({
  code: 'validity',
  label: { zh: '有效状态', en: 'Validity' },
  items: [
    { value: '0', label: { zh: '已失效', en: 'Expired' } },
    { value: '10', label: { zh: '未失效', en: 'Not expired' } },
  ],
});
