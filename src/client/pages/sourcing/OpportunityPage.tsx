/**
 * Project opportunities (spec 1 "project opportunities"; issue 16), at `/srm/page/sourcingopportunity`:
 * other companies' sourcing projects open to the caller's company (public, or inviting it). "申请参与"
 * opens the company's own application (fill-in data) for the project; the supplier completes and
 * posts it from its applications list.
 */
import { Badge, Button, Spinner } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { dictionaryItems } from '../../../model/dictionaries';
import { sourcingCalls, type Opportunity } from '../../../model/calls/sourcing';
import { ApiError } from '../../api/client';
import { callApi } from '../../api/calls';
import { toast } from '../../kernel/toast-bus';
import './sourcing-messages';

const CSS = `
.op-page { display: flex; flex-direction: column; gap: 12px; padding: 16px; min-width: 0; }
.op-head { display: flex; align-items: center; gap: 12px; }
.op-head h2 { margin: 0; font-size: 16px; }
.op-list { display: grid; grid-template-columns: repeat(auto-fill, minmax(360px, 1fr)); gap: 12px; }
.op-card { border: 1px solid #e0e0e0; border-radius: 6px; padding: 12px; background: #fff; display: flex; flex-direction: column; gap: 6px; }
.op-card h3 { margin: 0; font-size: 15px; }
.op-meta { color: #616161; font-size: 12px; display: flex; flex-wrap: wrap; gap: 4px 12px; }
.op-desc { font-size: 13px; color: #242424; white-space: pre-wrap; }
.op-actions { display: flex; gap: 8px; align-items: center; margin-top: 4px; }
`;

export function OpportunityPage() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const navigate = useNavigate();
  const [rows, setRows] = useState<Opportunity[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const load = useCallback(async () => {
    setRows((await callApi(sourcingCalls.opportunities, undefined, { quiet: true })).rows);
  }, []);
  useEffect(() => {
    void load().catch(() => setRows([]));
  }, [load]);
  const label = (dict: string, code: string | null) => {
    const item = dictionaryItems(dict)?.find((x) => x.value === code);
    return item ? (en ? item.label.en : item.label.zh) : code ?? '';
  };
  const apply = async (o: Opportunity) => {
    setBusy(o.id);
    try {
      const r = await callApi(sourcingCalls.apply, { project_id: o.id });
      toast.success(r.message);
      await load();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="op-page" data-testid="sourcing-opportunities">
      <style>{CSS}</style>
      <div className="op-head">
        <h2>{t('src.ui.oppTitle')}</h2>
        <Button icon={<ArrowClockwiseRegular />} onClick={() => void load()}>{t('src.ui.refresh')}</Button>
      </div>
      {rows === null ? <Spinner /> : rows.length === 0 ? <div className="op-card">{t('src.ui.oppEmpty')}</div> : (
        <div className="op-list">
          {rows.map((o) => (
            <div className="op-card" key={o.id} data-testid={`opp-${o.code}`}>
              <h3>{o.name}</h3>
              <div className="op-meta">
                <span>{o.code}</span>
                <span>{t('src.ui.buyer')}: {o.buyer_name}</span>
                <span>{label('src_type', o.src_type)}</span>
                <span>{label('srcproject_status', o.status)}</span>
                {o.deadline ? <span>{t('src.ui.deadline')}: {o.deadline}</span> : null}
                <span>{t('src.ui.items')}: {o.items}</span>
              </div>
              <div className="op-meta">
                {o.invited ? <Badge appearance="tint" color="brand">{t('src.ui.invited')}</Badge> : null}
                {o.is_public ? <Badge appearance="tint" color="informative">{t('src.ui.public')}</Badge> : null}
                {o.tags ? <span>{o.tags}</span> : null}
                {o.contact_person ? <span>{t('src.ui.contact')}: {o.contact_person} {o.contact_phone ?? ''}</span> : null}
              </div>
              {o.description ? <div className="op-desc">{o.description}</div> : null}
              <div className="op-actions">
                {o.application_no ? (
                  <>
                    <Badge appearance="outline">{t('src.ui.applied', { no: o.application_no })} · {label('srcapplication_status', o.application_status)}</Badge>
                    <Button size="small" onClick={() => navigate('/srm/index/srcapplication')}>{t('src.ui.openApplication')}</Button>
                  </>
                ) : (
                  <Button size="small" appearance="primary" disabled={busy === o.id} data-testid={`apply-${o.code}`} onClick={() => void apply(o)}>{t('src.ui.apply')}</Button>
                )}
              </div>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
