import { isPersonalId, isTaxCode, percentError, type ProfileFormDef } from './account-profile';
import { companyProfile, ownProfile } from './entities/workspace-profile.entity';

/**
 * The personal area's two profile forms (issue 30): the writable fields of the profiles' view
 * entities (src/model/entities/workspace-profile.entity.ts: label, type, longest text, required,
 * rules through its type, dictionary, upper case), and the checks of spec 3 that no rule of the
 * catalogue says. The view writer's hooks run the checks on every save (profile.views.ts), the
 * sign-up's company step reads its body through them (`profileFormValues`), the browser draws and
 * checks its forms from them, so all say the same thing.
 */

const writable = (fields: typeof ownProfile.fields) => fields.filter((f) => !f.readonly);

/** The user's own profile (spec 7 save-profile; spec 3 "user": names, gender, title, personal ID, work percentage). */
export const ownProfileForm: ProfileFormDef = {
  name: 'ownprofile',
  fields: writable(ownProfile.fields),
  checks: {
    personal_id: (v) => (isPersonalId(v) ? null : 'account.personalIdFormat'),
    user_percent: percentError,
  },
};

/**
 * The company profile (spec 3 "client"), changed by the company's administrator. The sign-up's
 * company step asks the fields of `COMPANY_REQUIRED_FIELDS` from the same declaration.
 */
export const companyProfileForm: ProfileFormDef = {
  name: 'companyprofile',
  fields: writable(companyProfile.fields),
  checks: {
    tax_code: (v) => (isTaxCode(v) ? null : 'account.taxCodeFormat'),
  },
};
