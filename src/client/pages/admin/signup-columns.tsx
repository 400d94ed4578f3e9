import { Button, Text } from '@fluentui/react-components';
import { Checkmark20Regular, Dismiss20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { SignupRow } from './admin-api';
import { formatTime, useAdminStyles, type AdminColumn } from '../common/admin-kit';
import { StatusBadge, useDictLabel } from './sys-shared';

/** The sign-up list's columns; a pending row offers approve and reject. */
export function useSignupColumns(approve: (r: SignupRow) => void, startReject: (r: SignupRow) => void): AdminColumn<SignupRow>[] {
  const s = useAdminStyles();
  const { t } = useTranslation();
  const typeLabel = useDictLabel();
  return [
    {
      key: 'name',
      header: t('adminui.client.name'),
      render: (r) => (
        <div style={{ display: 'grid', padding: '6px 0' }}>
          <Text weight="semibold">{r.name}</Text>
          <Text size={200} className={s.muted}>{r.full_name && r.full_name !== r.name ? `${r.full_name} · ` : ''}{r.code}</Text>
        </div>
      ),
    },
    { key: 'type', header: t('adminui.client.type'), width: 100, render: (r) => typeLabel('company_type', r.type) },
    {
      key: 'contact',
      header: t('adminui.signup.contact'),
      render: (r) => (
        <div style={{ display: 'grid' }}>
          <Text>{r.contact_name}</Text>
          <Text size={200} className={s.muted}>{[r.contact_email, r.contact_mobile].filter(Boolean).join(' · ')}</Text>
        </div>
      ),
    },
    { key: 'admin', header: t('adminui.signup.admin'), width: 140, render: (r) => r.admin_username },
    { key: 'applied', header: t('adminui.signup.appliedAt'), width: 170, render: (r) => formatTime(r.created_at) },
    {
      key: 'status',
      header: t('adminui.status'),
      width: 100,
      render: (r) => (
        <>
          <StatusBadge status={r.status} />
          {r.review_note ? <Text size={200} block className={s.muted} title={r.review_note}>{r.review_note}</Text> : null}
        </>
      ),
    },
    {
      key: 'actions',
      header: t('adminui.actions'),
      width: 190,
      render: (r) =>
        r.status === 'pending' ? (
          <div className={s.rowActions}>
            <Button size="small" appearance="primary" icon={<Checkmark20Regular />} onClick={() => approve(r)} data-testid="approve">{t('adminui.signup.approve')}</Button>
            <Button size="small" icon={<Dismiss20Regular />} onClick={() => startReject(r)} data-testid="reject">{t('adminui.signup.reject')}</Button>
          </div>
        ) : (
          <Text size={200} className={s.muted}>{formatTime(r.reviewed_at)}</Text>
        ),
    },
  ];
}
