import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCalls } from '../../../model/calls/admin';
import { callApi } from '../../api/calls';
import { toast } from '../../kernel/toast-bus';
import { fieldErrorsOf } from '../common/admin-kit';

/**
 * The invitation of the users page (not a record: a mail with the company's invite code): the
 * dialog's e-mail and name, its field errors, and the code once sent.
 */
export function useInvite() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ email: '', fullname: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [invited, setInvited] = useState<string | null>(null);
  const start = () => {
    setOpen(true);
    setInvited(null);
    setForm({ email: '', fullname: '' });
    setErrors({});
  };
  const send = async () => {
    setBusy(true);
    setErrors({});
    try {
      const r = await callApi(adminCalls.inviteUser, { email: form.email, fullname: form.fullname || undefined });
      setInvited(r.invite_code);
      toast.success(t('adminui.user.inviteSent', { email: form.email }));
    } catch (e) {
      setErrors(fieldErrorsOf(e));
    } finally {
      setBusy(false);
    }
  };
  return { open, close: () => setOpen(false), form, setForm, errors, busy, invited, start, send };
}

export type InviteState = ReturnType<typeof useInvite>;
