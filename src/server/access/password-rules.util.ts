import { checkRule, RULE_MESSAGE_KEYS } from '../../model/rules';
import type { AppConfig } from '../config';
import type { FieldError } from '../http/errors';

/**
 * Checks a new password and its repeat (spec 5 "Other rules": new password and repeat cannot be
 * empty, the two must match; the `pwd` rule by default, `pwdstrong` where configured).
 * Returns field errors keyed by the caller's field names; empty when all is well.
 */
export function newPasswordErrors(config: Pick<AppConfig, 'passwordRule'>, password: string | undefined, repeat: string | undefined, fields: { password: string; repeat: string }): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  if (!password) errors[fields.password] = { key: 'rule.required' };
  else if (!checkRule(config.passwordRule, password)) errors[fields.password] = { key: RULE_MESSAGE_KEYS[config.passwordRule] };
  if (!repeat) errors[fields.repeat] = { key: 'rule.required' };
  else if (password && repeat !== password) errors[fields.repeat] = { key: 'access.passwordMismatch' };
  return errors;
}
