import { Button } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { resolvedPageOf } from '../../api/resolved-page';
import { ListPage } from '../../engine/ListPage';
import { TicketFormDrawer } from './TicketFormDrawer';
import './collab-messages';

export { TicketDrawerBody, TicketViewPage } from './TicketViewPage';

/**
 * /collab/tickets: the engine's list of the tickets a person follows (grids/collab/tickets.grid.ts),
 * with raising one; a document's page opens it raising on that document (`?raise=<type>&doc_id&doc_no`).
 */
export function TicketListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raise = params.get('raise');
  const initial = raise && params.get('doc_id') ? { doc_type: raise, doc_id: Number(params.get('doc_id')), doc_no: params.get('doc_no') ?? '' } : undefined;
  const [raising, setRaising] = useState(!!raise);
  const resolved = resolvedPageOf('tickets');
  if (!resolved) return null;
  return (
    <>
      <ListPage resolved={resolved} slots={{
        testId: 'collab-tickets',
        tools: () => <Button appearance="primary" icon={<Add20Regular />} onClick={() => setRaising(true)} data-testid="ticket-raise">{t('collab.tickets.raise')}</Button>,
      }} />
      <TicketFormDrawer open={raising} initial={initial} onClose={() => setRaising(false)}
        onSaved={(x) => { setRaising(false); navigate(`/page/ticket/view?id=${String(x.id)}`); }} />
    </>
  );
}
