import { Button, DrawerBody, DrawerFooter, DrawerHeader, DrawerHeaderTitle, makeStaticStyles, OverlayDrawer, Spinner, Tab, TabList } from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formFields, type ResolvedPage } from '../../model/page-resolve';
import { entityApi, type Row } from '../engine/entity-api';
import { EntityForm, type EntityFormHandle } from './EntityForm';
import type { RouteAction } from './form-logic';
import { useCloseGuard } from './close-guard';
import { HistoryPanel } from './HistoryPanel';

/**
 * The form drawer over the list (ARCHITECTURE "Browser": forms open in a side drawer, so a
 * planner never loses the grid): Fluent's OverlayDrawer at the end, large, or full width for a
 * master-detail document; a history tab for stored records.
 */
/**
 * Toasts and the drawer are both portals at the same z-index, so a toast raised while the drawer is
 * open (spec 5's "请先更正表单的错误内容，再尝试提交！") would sit under it. The toaster's portal goes on top.
 */
const useToastAboveDrawer = makeStaticStyles({
  '.fui-FluentProvider:has(> .fui-Toaster)': { zIndex: 1000002 },
});

export type DrawerState = { action: RouteAction; id: number | null; tab?: 'form' | 'history' } | null;

export function FormDrawer(props: { resolved: ResolvedPage; state: DrawerState; onClose: () => void; onSaved: (row: Row) => void }) {
  const { t, i18n } = useTranslation();
  useToastAboveDrawer();
  const { resolved, state } = props;
  const api = useMemo(() => entityApi(resolved), [resolved]);
  const [record, setRecord] = useState<Row | null>(null);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [tab, setTab] = useState<'form' | 'history'>('form');
  const [formKey, setFormKey] = useState(0);
  const formRef = useRef<EntityFormHandle>(null);
  const open = state !== null;
  const { requestClose, dialog } = useCloseGuard(formRef, { busy, editable: Boolean(state && state.action !== 'view'), onClose: props.onClose });
  const entityName = i18n.language === 'en' ? resolved.entity.label.en : resolved.entity.label.zh;

  useEffect(() => {
    setTab(state?.tab ?? 'form');
    setRecord(null);
    if (!state || state.id === null) {
      setFormKey((k) => k + 1);
      return;
    }
    let live = true;
    setLoading(true);
    api
      .view(state.id)
      .then((r) => {
        if (!live) return;
        setRecord(r);
        setFormKey((k) => k + 1);
      })
      .catch(() => live && props.onClose())
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, api]);

  const title = !state ? '' : t(state.action === 'add' || state.action === 'copy' ? 'engine.titleCreate' : state.action === 'view' ? 'engine.titleView' : 'engine.titleEdit', { entity: entityName });
  const wide = resolved.children.length > 0;
  const ready = state && (state.id === null || (record && !loading));

  return (
    <OverlayDrawer
      open={open}
      position="end"
      size={wide ? 'full' : 'large'}
      onOpenChange={(_, d) => !d.open && requestClose()}
      data-testid="form-drawer"
      style={wide ? { maxWidth: '1200px' } : undefined}
    >
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={t('engine.close')} icon={<Dismiss24Regular />} onClick={requestClose} />}>
          {title}
          {record?.[resolved.entity.titleField] ? ` · ${String(record[resolved.entity.titleField])}` : ''}
        </DrawerHeaderTitle>
        {state?.id !== null && state?.id !== undefined && (
          <TabList size="small" selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as 'form' | 'history')}>
            <Tab value="form">{resolved.entity.label[i18n.language === 'en' ? 'en' : 'zh']}</Tab>
            <Tab value="history" data-testid="tab-history">{t('engine.historyTitle')}</Tab>
          </TabList>
        )}
      </DrawerHeader>
      <DrawerBody>
        {!ready && <Spinner label={t('engine.loading')} />}
        {ready && tab === 'form' && (
          <EntityForm key={formKey} ref={formRef} resolved={resolved} action={state.action} record={record} onSaved={props.onSaved} onBusyChange={setBusy} />
        )}
        {ready && tab === 'history' && state.id !== null && <HistoryPanel api={api} id={state.id} fields={formFields(resolved)} />}
      </DrawerBody>
      {ready && tab === 'form' && (
        <DrawerFooter>
          {state.action !== 'view' && (
            <>
              <Button appearance="primary" disabled={busy} onClick={() => void formRef.current?.submit()} data-testid="form-save">
                {busy ? <Spinner size="tiny" /> : t('engine.save')}
              </Button>
              <Button disabled={busy} onClick={() => formRef.current?.reset()} data-testid="form-reset">{t('engine.reset')}</Button>
            </>
          )}
          <Button disabled={busy} onClick={requestClose} data-testid="form-cancel">{state.action === 'view' ? t('engine.close') : t('engine.cancel')}</Button>
        </DrawerFooter>
      )}
      {dialog}
    </OverlayDrawer>
  );
}
