import { defineErrors } from './define';

/** The errors of profile (fed into the profile catalogue part; see ./index). */
export const profileErrors = defineErrors({
  'profile.mustChangePassword': { kind: 'forbidden', zh: '首次登录或密码已被重置，请先修改密码后再继续操作', en: 'This is your first sign-in or your password was reset: change your password before you continue' },
  'profile.nothingToSave': { kind: 'validation', zh: '没有需要保存的设置', en: 'There is no setting to save' },
});
