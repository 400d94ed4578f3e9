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
