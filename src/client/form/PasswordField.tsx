import { Button, type InputProps } from '@fluentui/react-components';
import { Eye20Regular, EyeOff20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { checkRule } from '../../model/rules';
import { TextField } from './TextField';

/**
 * What a password field is for: the password one has (`current`), a new one (checked by the spec 5
 * rule `pwd`, or `pwdstrong` where a strong one is asked for), or the new one typed again (`repeat`,
 * equal to `matches()`).
 */
export type PasswordRole = { role: 'current' } | { role: 'new'; strength?: 'pwd' | 'pwdstrong' } | { role: 'repeat'; matches: () => string };

/**
 * The one password field of the sign-in, sign-up, reset, change-password and user pages: a masked
 * input with a show/hide button, its browser autocomplete, and the rule its role asks for.
 * Example: `<PasswordField control={control} name="repeat" label={t('ui.password.repeat')} role="repeat" matches={() => getValues('password')} />`
 */
export function PasswordField<T extends FieldValues>(
  props: {
    control: Control<T>;
    name: FieldPath<T>;
    label: string;
    hint?: string;
    contentBefore?: InputProps['contentBefore'];
    size?: InputProps['size'];
    placeholder?: string;
  } & PasswordRole,
) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const rules = {
    required: t('rule.required'),
    validate: (v: string) => {
      if (props.role === 'new') return checkRule(props.strength ?? 'pwd', v) || t(`rule.${props.strength ?? 'pwd'}`);
      if (props.role === 'repeat') return v === props.matches() || t('access.passwordMismatch');
      return true;
    },
  };
  return (
    <TextField
      control={props.control}
      name={props.name}
      label={props.label}
      required
      hint={props.hint}
      size={props.size}
      placeholder={props.placeholder}
      contentBefore={props.contentBefore}
      rules={rules as never}
      type={shown ? 'text' : 'password'}
      autoComplete={props.role === 'current' ? 'current-password' : 'new-password'}
      contentAfter={
        <Button
          appearance="transparent"
          size="small"
          icon={shown ? <EyeOff20Regular /> : <Eye20Regular />}
          aria-label={t(shown ? 'ui.login.hidePassword' : 'ui.login.showPassword')}
          onClick={() => setShown((x) => !x)}
        />
      }
    />
  );
}
