import { getCall, postCall, uploadCall } from './call';
import type { CompanyProfileField, UserProfileField } from '../account-profile';

/**
 * The company profile page and the user's own profile (issue 35, spec 3 "client" and "user"): the
 * reads and saves are the profile views' own addresses (src/model/entities/workspace-profile.entity.ts
 * `own`, served by src/server/resources/own-row.ts), the images src/server/services/profile/account-profile.routes.ts;
 * called by src/client/pages/user.
 */
export type CompanyProfile = {
  id: number; code: string; name: string; full_name: string | null; type: string; logo: string | null; version: number;
  /** Whether the caller may change it (the company's administrator, checked again by every write). */
  can_edit: boolean;
} & Record<CompanyProfileField, string | null>;

export type CompanyProfileInput = { version: number; name?: string; full_name?: string | null } & Partial<Record<CompanyProfileField, string | null>>;

export type OwnProfile = {
  fullname: string; names: string; email: string | null; mobile: string | null; version: number; avatar: string | null;
} & Record<UserProfileField, string | null>;

export type OwnProfileInput = { fullname?: string; email?: string | null; mobile?: string | null } & Partial<Record<UserProfileField, string | null>>;

/** An image upload's reply: the stored address and, for an avatar, the size advice when it is not 200x200. */
export type StoredImage = { url: string; width: number; height: number; warning: string | null };

export const companyProfileCalls = {
  view: getCall<void, CompanyProfile>('/clientinfoapi/client-profile/view'),
  save: postCall<CompanyProfileInput, CompanyProfile>('/clientinfoapi/client-profile/save'),
  /** The logo (`file`): 702x180 or 200x200 (spec 9). */
  logo: uploadCall<{ file: Blob }, StoredImage & { profile: CompanyProfile }>('/clientinfoapi/client-profile/logo'),
};

export const ownProfileCalls = {
  view: getCall<void, OwnProfile>('/clientinfoapi/user-profile/my-profile'),
  save: postCall<OwnProfileInput, OwnProfile>('/clientinfoapi/user-profile/save-profile'),
  /** The avatar (`file`): any image, 200x200 recommended (spec 9). */
  avatar: uploadCall<{ file: Blob }, StoredImage & { profile: OwnProfile }>('/clientinfoapi/user-profile/avatar'),
};
