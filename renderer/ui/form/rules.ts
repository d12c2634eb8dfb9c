import type { Rule } from 'antd/es/form';
import type { Translate } from '../../core/format';
import {
  isContact,
  isEmail,
  isIdCard,
  isMobile,
  isPasswordRuleA,
  isPasswordRuleB,
} from '../../core/validators';

export type RuleName = 'idCard' | 'email' | 'mobile' | 'contact' | 'passwordA' | 'passwordB';

const CHECKS: Record<RuleName, (value: string) => boolean> = {
  idCard: isIdCard,
  email: isEmail,
  mobile: isMobile,
  contact: isContact,
  passwordA: isPasswordRuleA,
  passwordB: isPasswordRuleB,
};

/**
 * The validation rules of spec §5 as antd form rules, with their messages in the active language
 * (ui.kit.rules.*). An empty value passes: add `required(t)` when the field must be filled.
 */
export function formRules(t: Translate): Record<RuleName, Rule> & { required: Rule } {
  const rule = (name: RuleName): Rule => ({
    validator: (_rule, value: unknown) => {
      const text =
        typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
      if (text === '' || CHECKS[name](text)) return Promise.resolve();
      return Promise.reject(new Error(t(`ui.kit.rules.${name}`)));
    },
  });
  return {
    required: { required: true, whitespace: true, message: t('ui.kit.rules.required') },
    idCard: rule('idCard'),
    email: rule('email'),
    mobile: rule('mobile'),
    contact: rule('contact'),
    passwordA: rule('passwordA'),
    passwordB: rule('passwordB'),
  };
}
