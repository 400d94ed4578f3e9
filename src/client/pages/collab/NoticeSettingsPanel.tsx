import { Badge, Checkbox, Link, MessageBar, MessageBarBody, Text, Tooltip } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTICE_CHANNELS, type NoticeChannel, type NoticeEvent } from '../../../model/notice-events';
import { noticeSettingCalls, type NoticeSettingRow as Row } from '../../../model/calls/notify';
import { callApi, useCall } from '../../api/calls';
import { AdminTable, fieldErrorsOf, type AdminColumn } from '../common/admin-kit';
import './collab-messages';

/**
 * The notification-settings tab (issue 15): for each event, which channels reach me (the bell,
 * e-mail, workplace chat). A tick saves at once; a channel I cannot be reached by is shown
 * disabled with the reason; "use the company's" drops my own choice.
 */
export function NoticeSettingsPanel() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useCall(noticeSettingCalls.mine, undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<NoticeEvent | null>(null);
  const save = async (body: { event: NoticeEvent; channels?: NoticeChannel[]; reset?: boolean }) => {
    setBusy(body.event);
    setProblem(null);
    try {
      await mutate(await callApi(noticeSettingCalls.save, body), { revalidate: false });
    } catch (e) {
      const fields = fieldErrorsOf(e);
      setProblem(fields.channels ?? fields.event ?? (e instanceof Error ? e.message : String(e)));
    } finally {
      setBusy(null);
    }
  };
  const reachable = (c: NoticeChannel) => c === 'site' || (c === 'email' ? Boolean(data?.reach.email) : Boolean(data?.reach.workchat));
  const toggle = (row: Row, c: NoticeChannel, on: boolean) => {
    const mine = row.channels as NoticeChannel[];
    const next = on ? [...new Set([...mine, c])] : mine.filter((x) => x !== c);
    void save({ event: row.event, channels: next });
  };
  const columns: AdminColumn<Row>[] = [
    { key: 'event', header: t('collab.setting.event'), render: (r) => <Text weight="semibold">{t(`collab.setting.events.${r.event}`)}</Text> },
    ...NOTICE_CHANNELS.map((c): AdminColumn<Row> => ({
      key: c,
      header: t(`collab.setting.channel.${c}`),
      width: 150,
      render: (r) => {
        const box = (
          <Checkbox
            checked={r.channels.includes(c)}
            disabled={busy === r.event || (!reachable(c) && !r.channels.includes(c))}
            onChange={(_, d) => toggle(r, c, Boolean(d.checked))}
            aria-label={`${t(`collab.setting.events.${r.event}`)} ${t(`collab.setting.channel.${c}`)}`}
            data-testid={`notice-setting-${r.event}-${c}`}
          />
        );
        return reachable(c) ? box : <Tooltip relationship="description" content={t(`collab.setting.unreachable.${c}`)}>{box}</Tooltip>;
      },
    })),
    { key: 'source', header: t('collab.setting.source'), width: 160, render: (r) => (
      <Badge appearance="tint" color={r.source === 'own' ? 'brand' : 'informative'} data-testid={`notice-setting-${r.event}-source`}>{t(`collab.setting.sources.${r.source}`)}</Badge>
    ) },
    { key: 'reset', header: '', width: 150, render: (r) => (r.source === 'own'
      ? <Link onClick={() => void save({ event: r.event, reset: true })} data-testid={`notice-setting-${r.event}-reset`}>{t(r.company ? 'collab.setting.useCompany' : 'collab.setting.useDefault')}</Link>
      : null) },
  ];
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <Text>{t('collab.setting.explain')}</Text>
      {data && (!data.reach.email || !data.reach.workchat) ? (
        <MessageBar intent="info"><MessageBarBody>{[!data.reach.email ? t('collab.setting.unreachable.email') : null, !data.reach.workchat ? t('collab.setting.unreachable.workchat') : null].filter(Boolean).join(' ')}</MessageBarBody></MessageBar>
      ) : null}
      {problem ? <MessageBar intent="error" data-testid="notice-setting-error"><MessageBarBody>{problem}</MessageBarBody></MessageBar> : null}
      <AdminTable label={t('collab.tab.settings')} testId="notice-settings" columns={columns} rows={data?.events} rowKey={(r) => r.event} loading={isLoading} error={error} emptyText="" />
    </div>
  );
}
