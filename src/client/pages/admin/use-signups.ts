import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { toast } from '../../kernel/toast-bus';
import { adminApi, type SignupRow } from './admin-api';
import { fieldErrorsOf, useConfirm } from '../common/admin-kit';
import { PAGE_SIZE } from './sys-shared';

export type SignupTab = 'pending' | 'active' | 'rejected' | 'all';

/** The sign-up approval's state: the tab and page, the list, approving and rejecting with a reason. */
export function useSignups() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SignupTab>('pending');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<SignupRow | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [busy, setBusy] = useState(false);
  const [dialog, confirm] = useConfirm();
  const list = useSWR(['signups', status, page], () => adminApi.signups(status, page, PAGE_SIZE));
  const { mutate } = list;

  const approve = async (row: SignupRow) => {
    if (!(await confirm(t('adminui.signup.confirmApprove', { name: row.name })))) return;
    await adminApi.approveSignup(row.id);
    toast.success(t('adminui.signup.approved', { name: row.name }));
    void mutate();
  };
  const startReject = (row: SignupRow) => {
    setRejecting(row);
    setReason('');
    setReasonError('');
  };
  const reject = async () => {
    if (!rejecting) return;
    if (!reason.trim()) {
      setReasonError(t('rule.required'));
      return;
    }
    setBusy(true);
    try {
      await adminApi.rejectSignup(rejecting.id, reason.trim());
      toast.success(t('adminui.signup.rejected', { name: rejecting.name }));
      setRejecting(null);
      void mutate();
    } catch (e) {
      setReasonError(fieldErrorsOf(e).reason ?? '');
    } finally {
      setBusy(false);
    }
  };
  const selectTab = (tab: SignupTab) => {
    setStatus(tab);
    setPage(1);
  };
  return { status, selectTab, page, setPage, list, dialog, approve, startReject, rejecting, setRejecting, reason, setReason, reasonError, busy, reject };
}
