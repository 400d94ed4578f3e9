import type { Label } from './entity';

/** A label's text in the interface language: English for `en`, Chinese (the default) otherwise. */
export const labelIn = (label: Label, language?: string): string => (language === 'en' ? label.en : label.zh);
