import { Button, Field, Tab, TabList, Textarea } from '@fluentui/react-components';
import { ArrowClockwise20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { AdminEditDialog, AdminPage, AdminTable } from '../common/admin-kit';
import { PAGE_SIZE } from './sys-shared';
import { useSignupColumns } from './signup-columns';
import { useSignups, type SignupTab } from './use-signups';

/**
 * /admin/page/signups: the super administrator's sign-up approval (spec 4: pending review,
 * approved, rejected; spec 6: system-wide sign-up approval). Approving creates the company's
 * access and mails its administrator; rejecting asks for the reason that is mailed to them.
 */
export function SignupApprovalPage() {
  const { t } = useTranslation();
  const v = useSignups();
  const { data, error, isLoading, mutate } = v.list;
  const columns = useSignupColumns((r) => void v.approve(r), v.startReject);
  return (
    <AdminPage testId="admin-signups" title={t('adminui.signup.title')} explain={t('adminui.signup.explain')} actions={<Button icon={<ArrowClockwise20Regular />} onClick={() => void mutate()}>{t('ui.common.refresh')}</Button>}>
      <TabList selectedValue={v.status} onTabSelect={(_, d) => v.selectTab(d.value as SignupTab)}>
        <Tab value="pending" data-testid="tab-pending">{t('adminui.status.pending')}</Tab>
        <Tab value="active" data-testid="tab-active">{t('adminui.status.approved')}</Tab>
        <Tab value="rejected" data-testid="tab-rejected">{t('adminui.status.rejected')}</Tab>
        <Tab value="all">{t('adminui.all')}</Tab>
      </TabList>
      <AdminTable
        label={t('adminui.signup.title')}
        columns={columns}
        rows={data?.rows}
        rowKey={(r) => r.id}
        rowTestId={() => 'signup-row'}
        loading={isLoading}
        error={error}
        emptyText={v.status === 'pending' ? t('adminui.signup.nonePending') : undefined}
        paging={data ? { page: v.page, size: PAGE_SIZE, total: data.total, onPage: v.setPage } : undefined}
      />
      {v.dialog}
      <AdminEditDialog
        open={v.rejecting !== null}
        title={t('adminui.signup.rejectTitle', { name: v.rejecting?.name ?? '' })}
        onClose={() => v.setRejecting(null)}
        onSave={() => void v.reject()}
        busy={v.busy}
        saveLabel={t('adminui.signup.reject')}
        saveTestId="reject-ok"
      >
        <Field label={t('adminui.signup.reason')} required validationMessage={v.reasonError || undefined} validationState={v.reasonError ? 'error' : 'none'}>
          <Textarea value={v.reason} onChange={(_, d) => v.setReason(d.value)} maxLength={500} rows={4} data-testid="reject-reason" />
        </Field>
      </AdminEditDialog>
    </AdminPage>
  );
}
