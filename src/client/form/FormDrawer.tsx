import {
  Badge,
  Button,
  DrawerBody,
  DrawerFooter,
  DrawerHeader,
  DrawerHeaderTitle,
  makeStaticStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  OverlayDrawer,
  Spinner,
  Tab,
  TabList,
} from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formFields, type ResolvedPage } from '../../model/page-resolve';
import type { Row } from '../api/entity-api';
import { useCloseGuard } from './close-guard';
import { EntityForm, type EntityFormProps } from './EntityForm';
import type { RouteAction } from './form-logic';
import { HistoryPanel } from './HistoryPanel';
import { drawerExtensionsFor } from './drawer-extensions';
import type { NoticeView } from './state-notice';
import { useRecordForm, type RecordForm } from './use-record-form';

/**
 * Toasts and the drawer are both portals at the same z-index, so a toast raised while the drawer is
 * open (spec 5's "请先更正表单的错误内容，再尝试提交！") would sit under it. The toaster's portal goes on top.
 */
const useToastAboveDrawer = makeStaticStyles({
  '.fui-FluentProvider:has(> .fui-Toaster)': { zIndex: 1000002 },
});

export type DrawerState = { action: RouteAction; id: number | null; tab?: 'form' | 'history' } | null;

/**
 * What a page adds to the generic drawer instead of writing its own (the orders' matrix entries,
 * state actions and "not sent" notice). Every slot is optional; without any the drawer is the
 * plain form of the page.
 *
 * Example: `{ testIdPrefix: 'order', keepOpenAfterSave: true, readOnly: (r) => r.status !== 'draft' }`.
 */
export type DrawerSlots = {
  /** Prefix of the drawer's test ids (`<prefix>-drawer`, `-save`, `-status`, `-notice`); default `form`. */
  testIdPrefix?: string;
  /** A stored record opened for edit shows read-only when this holds (a locked state, another company's copy). */
  readOnly?: (record: Row) => boolean;
  /** Child collections shown by a hand-made editor (see EntityForm), given the open record. */
  childRenderers?: (rf: RecordForm) => EntityFormProps['childRenderers'];
  /** Notices shown before the state's own (a reply the user has to see). */
  notices?: (rf: RecordForm) => NoticeView[];
  /** Buttons after save and reset: the record's own actions. Rendered with their dialogs. */
  extraActions?: (rf: RecordForm) => ReactNode;
  /** After a save the drawer stays open on the saved record (to run its actions next). */
  keepOpenAfterSave?: boolean;
  /** Runs after every save, with the saved row (a "save and send" continues here). */
  onSaved?: (row: Row, rf: RecordForm) => void;
  /** Changes when the record changed elsewhere (a socket message): the drawer reads it again. */
  reloadKey?: number;
};

function NoticeBar({ notice, testId }: { notice: NoticeView; testId: string }) {
  return (
    <MessageBar intent={notice.intent} data-testid={testId} style={{ marginTop: 8 }}>
      <MessageBarBody>
        {notice.title && <MessageBarTitle>{notice.title}</MessageBarTitle>}
        {notice.text}
      </MessageBarBody>
    </MessageBar>
  );
}

/**
 * The form drawer over the list (ARCHITECTURE "Browser": forms open in a side drawer, so a
 * planner never loses the grid): Fluent's OverlayDrawer at the end, large, or full width for a
 * master-detail document; the record's state badge and notice from the entity's state declarations;
 * a history tab for stored records; the page's slots.
 */
export function FormDrawer(props: { resolved: ResolvedPage; state: DrawerState; onClose: () => void; onSaved: (row: Row) => void; slots?: DrawerSlots; onChanged?: () => void }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  useToastAboveDrawer();
  const { resolved, state } = props;
  const slots = props.slots ?? {};
  const prefix = slots.testIdPrefix ?? 'form';
  const extensions = drawerExtensionsFor(resolved);
  const readOnly = (r: Row) => Boolean(slots.readOnly?.(r)) || extensions.some((x) => x.readOnly?.(r));
  const rf = useRecordForm(resolved, { open: state, readOnly, onError: props.onClose });
  const { action, busy, formRef, record } = rf;
  const [tab, setTab] = useState<'form' | 'history'>('form');
  // A drawer part (an approval decision, a module's panel) may change the stored record while the
  // drawer is open: on closing, the list behind it is told, so its rows carry the new version.
  const opened = useRef<{ state: DrawerState; version: unknown } | null>(null);
  useEffect(() => {
    if (record && opened.current?.state !== state) opened.current = { state, version: record.version };
  }, [record, state]);
  const close = () => {
    const changed = Boolean(record && opened.current?.state === state && opened.current.version !== record.version);
    props.onClose();
    if (changed) props.onChanged?.();
  };
  const { requestClose, dialog } = useCloseGuard(formRef, { busy, editable: action !== 'view', onClose: close });
  const entityName = en ? resolved.entity.label.en : resolved.entity.label.zh;

  useEffect(() => setTab(state?.tab ?? 'form'), [state]);
  // The record changed elsewhere: show its new state.
  useEffect(() => {
    if (slots.reloadKey && rf.stored) rf.reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- answers a new reload key only: rf is a new object every render, so with it the record would reload on every render
  }, [slots.reloadKey]);

  const titleKey = action === 'add' || action === 'copy' ? 'engine.titleCreate' : action === 'view' ? 'engine.titleView' : 'engine.titleEdit';
  const title = state ? t(titleKey, { entity: entityName }) : '';
  const wide = resolved.children.length > 0;
  const notices = [...(slots.notices?.(rf) ?? []), ...(rf.notice ? [rf.notice] : [])].slice(0, 1);
  const onSaved = (saved: Row) => {
    if (slots.keepOpenAfterSave) rf.show(saved);
    props.onSaved(saved);
    slots.onSaved?.(saved, rf);
  };

  return (
    <OverlayDrawer
      open={state !== null}
      position="end"
      size={wide ? 'full' : 'large'}
      onOpenChange={(_, d) => !d.open && requestClose()}
      data-testid={`${prefix}-drawer`}
      style={wide ? { maxWidth: '1240px' } : undefined}
    >
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={t('engine.close')} icon={<Dismiss24Regular />} onClick={requestClose} />}>
          {title}
          {record?.[resolved.entity.titleField] ? ` · ${String(record[resolved.entity.titleField])}` : ''}{' '}
          {rf.state && (
            <Badge appearance="tint" color={rf.state.color ?? 'informative'} data-testid={`${prefix}-status`}>
              {en ? rf.state.label.en : rf.state.label.zh}
            </Badge>
          )}
        </DrawerHeaderTitle>
        {notices.map((n) => (
          <NoticeBar key={`${n.title ?? ''}${n.text}`} notice={n} testId={`${prefix}-notice`} />
        ))}
        {rf.stored && (
          <TabList size="small" selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as 'form' | 'history')}>
            <Tab value="form">{entityName}</Tab>
            <Tab value="history" data-testid="tab-history">{t('engine.historyTitle')}</Tab>
          </TabList>
        )}
      </DrawerHeader>
      <DrawerBody>
        {!rf.ready && <Spinner label={t('engine.loading')} />}
        {rf.ready && tab === 'form' && (
          <EntityForm
            key={rf.revision}
            ref={formRef}
            resolved={resolved}
            action={action}
            record={record}
            onSaved={onSaved}
            onBusyChange={rf.setBusy}
            childRenderers={slots.childRenderers?.(rf)}
            draftKey={action === 'view' ? null : { page: resolved.route, doc: action === 'add' ? 'new' : action === 'copy' ? `copy-${String(rf.id)}` : String(rf.id) }}
          />
        )}
        {rf.ready && tab === 'form' && rf.stored && extensions.map((x, i) => x.body && <x.body key={i} rf={rf} resolved={resolved} />)}
        {rf.ready && tab === 'history' && rf.id !== null && <HistoryPanel api={rf.api} id={rf.id} fields={formFields(resolved)} />}
      </DrawerBody>
      {rf.ready && tab === 'form' && (
        <DrawerFooter style={{ flexWrap: 'wrap' }}>
          {action !== 'view' && (
            <>
              <Button appearance="primary" disabled={busy} onClick={() => void formRef.current?.submit()} data-testid={`${prefix}-save`}>
                {busy ? <Spinner size="tiny" /> : t('engine.save')}
              </Button>
              <Button disabled={busy} onClick={() => formRef.current?.reset()} data-testid={`${prefix}-reset`}>{t('engine.reset')}</Button>
            </>
          )}
          {slots.extraActions?.(rf)}
          {rf.stored && extensions.map((x, i) => x.footer && <x.footer key={i} rf={rf} resolved={resolved} />)}
          <Button disabled={busy} onClick={requestClose} data-testid={`${prefix}-cancel`}>{action === 'view' ? t('engine.close') : t('engine.cancel')}</Button>
        </DrawerFooter>
      )}
      {dialog}
    </OverlayDrawer>
  );
}
