import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyProfileCalls, ownProfileCalls, type CompanyProfile, type CompanyProfileInput, type OwnProfile, type OwnProfileInput } from '../../../model/calls/account-profile';
import { ApiError } from '../../api/client';
import { callApi, useCall } from '../../api/calls';
import { fieldErrorsOf } from '../../api/reactions';
import { toast } from '../../kernel/toast-bus';
import { access } from '../../session/access-state';

/** What the shell shows of the own profile follows a saved one at once. */
function showOwn(p: OwnProfile): void {
  Object.assign(access, { fullname: p.fullname, names: p.names, email: p.email ?? '', mobile: p.mobile ?? '', avatar: p.avatar ?? '' });
}

/** The own profile screen: the stored fields, their save and the avatar upload. */
export function useOwnProfile() {
  const { data, error, isLoading, mutate } = useCall(ownProfileCalls.view, undefined, { quiet: true });
  const save = async (input: OwnProfileInput): Promise<OwnProfile> => {
    const saved = await callApi(ownProfileCalls.save, input);
    showOwn(saved);
    await mutate(saved, { revalidate: false });
    return saved;
  };
  const avatar = useImageUpload(async (file) => {
    const r = await callApi(ownProfileCalls.avatar, { file }, { quiet: true });
    showOwn(r.profile);
    await mutate(r.profile, { revalidate: false });
    return r;
  }, 'ui.userinfo.avatarSaved');
  return { profile: data, error, loading: isLoading, save, avatar };
}

/** The company profile page: the company, its save (administrator only) and the logo upload. */
export function useCompanyProfile() {
  const { data, error, isLoading, mutate } = useCall(companyProfileCalls.view, undefined, { quiet: true });
  const save = async (input: Omit<CompanyProfileInput, 'version'>): Promise<CompanyProfile> => {
    const saved = await callApi(companyProfileCalls.save, { ...input, version: data?.version ?? 0 });
    await mutate(saved, { revalidate: false });
    return saved;
  };
  const logo = useImageUpload(async (file) => {
    const r = await callApi(companyProfileCalls.logo, { file }, { quiet: true });
    await mutate(r.profile, { revalidate: false });
    return r;
  }, 'ui.company.logoSaved');
  return { company: data, error, loading: isLoading, save, logo };
}

/**
 * One image upload: busy while it runs, the server's refusal (type, size, spec 9 dimensions) kept
 * as the field message, the avatar's size advice shown as a warning.
 */
function useImageUpload(upload: (file: File) => Promise<{ warning: string | null }>, savedKey: string) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setMessage('');
    try {
      const r = await upload(file);
      if (r.warning) toast.warning(r.warning);
      else toast.success(t(savedKey));
    } catch (e) {
      setMessage(e instanceof ApiError ? fieldErrorsOf(e.errors).file || e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, message, choose };
}
