import { Button } from '@fluentui/react-components';
import { ArrowRepeatAll20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import '../../../model/i18n/gateway-part';
import { gatewayCalls } from '../../../model/calls/gateway';
import { callApi } from '../../api/calls';
import { resolvedPageOf } from '../../api/resolved-page';
import { ListPage } from '../../engine/ListPage';
import type { ListController } from '../../engine/use-list-controller';
import { MissingPage } from '../../engine/PageStates';
import type { RecordForm } from '../../form/use-record-form';
import { toast } from '../../kernel/toast-bus';
import { useConfirm } from '../common/admin-kit';

/** A delivery's replay (asked first): the same event, signed anew, as a new delivery of the log. */
function ReplayButton({ rf, list }: { rf: RecordForm; list: ListController }) {
  const { t } = useTranslation();
  const [dialog, confirm] = useConfirm();
  const d = rf.record;
  if (!rf.stored || !d || d.status === 'queued' || d.status === 'sending') return null;
  const replay = async () => {
    if (!(await confirm(t('gatewayui.push.confirmReplay', { id: d.id, event: d.subject })))) return;
    await callApi(gatewayCalls.replay, { id: Number(d.id) });
    toast.success(t('gatewayui.push.replayed'));
    list.refresh();
  };
  return (
    <>
      <Button icon={<ArrowRepeatAll20Regular />} onClick={() => void replay()} data-testid="push-replay">{t('gatewayui.push.replay')}</Button>
      {dialog}
    </>
  );
}

/**
 * /admin/page/pushlog (issue 35): the engine's read-only list of the view entity `push_delivery`
 * (grids/admin/push.grid.ts: newest first, tabs per status, the whole body in the drawer), with a
 * delivery's replay in its drawer.
 */
export function PushLogPage() {
  const resolved = resolvedPageOf('pushlog');
  if (!resolved) return <MissingPage opt="pushlog" />;
  return <ListPage resolved={resolved} slots={{ testId: 'admin-push-log', drawer: (list) => ({ extraActions: (rf) => <ReplayButton rf={rf} list={list} /> }) }} />;
}
