import { Button, Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { LocalLanguage20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../model/i18n';
import { changeLanguage, currentLanguage } from '../kernel/i18n';

export const LANGUAGE_NAMES: Record<Language, string> = { 'zh-CN': '简体中文', en: 'English' };

/** The language menu (spec 9: Chinese by default, English optional, stored locally). */
export function LanguageSwitch({ className, onChanged }: { className?: string; onChanged?: (l: Language) => void }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage();
  const trigger = (
    <Button appearance="subtle" className={className} icon={<LocalLanguage20Regular />} aria-label={t('ui.settings.language')} data-testid="language-switch">
      {LANGUAGE_NAMES[lang]}
    </Button>
  );
  return (
    <Menu
      checkedValues={{ language: [i18n.language] }}
      onCheckedValueChange={(_, data) => {
        const next = data.checkedItems[0] as Language;
        void changeLanguage(next).then(() => onChanged?.(next));
      }}
    >
      <MenuTrigger disableButtonEnhancement>{trigger}</MenuTrigger>
      <MenuPopover>
        <MenuList>
          {LANGUAGES.map((l) => (
            <MenuItemRadio key={l} name="language" value={l} data-testid={`language-${l}`}>
              {LANGUAGE_NAMES[l]}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
