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
import { useTranslation } from 'react-i18next';
import { formFields, type ResolvedPage } from '../../model/page-resolve';
import './attachments/register';
import type { Row } from '../api/entity-api';
import { EntityForm } from './EntityForm';
import { DrawerLinks } from './DrawerLinks';
import { DrawerTransitions } from './DrawerTransitions';
import { HistoryPanel } from './HistoryPanel';
import type { NoticeView } from './state-notice';
import { useFormDrawer, type FormDrawerModel } from './use-form-drawer';
import type { DrawerSlots, DrawerState } from './drawer-slots';

/**
 * Toasts and the drawer are both portals at the same z-index, so a toast raised while the drawer is
 * open (spec 5's "请先更正表单的错误内容，再尝试提交！") would sit under it. The toaster's portal goes on top.
 */
const useToastAboveDrawer = makeStaticStyles({
  '.fui-FluentProvider:has(> .fui-Toaster)': { zIndex: 1000002 },
});

export type { DrawerSlots, DrawerState } from './drawer-slots';

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

export type FormDrawerProps = {
  resolved: ResolvedPage;
  state: DrawerState;
  onClose: () => void;
  onSaved: (row: Row) => void;
  slots?: DrawerSlots;
  onChanged?: () => void;
  /**
   * The record as already read by a declared call (an entity the generic API does not serve: a
   * ticket), shown for `state.id` without the generic read; with `save`, written by that call too.
   */
  record?: Row | null;
  /** Saves through a declared call instead of the entity's generic save (EntityFormInput.save). */
  save?: (body: Row) => Promise<Row>;
  /** Values a new record opens with over its defaults. */
  initial?: Row;
};

/**
 * The form drawer over the list (ARCHITECTURE "Browser": forms open in a side drawer, so a
 * planner never loses the grid): Fluent's OverlayDrawer at the end, large, or full width for a
 * master-detail document; the record's state badge and notice from the entity's state declarations;
 * a history tab for stored records; the page's slots.
 */
export function FormDrawer(props: FormDrawerProps) {
  const { t } = useTranslation();
  useToastAboveDrawer();
  const { resolved, state } = props;
  const d = useFormDrawer(props);
  const { rf, slots, tab, extensions } = d;
  const { action, formRef, record } = rf;

  return (
    <OverlayDrawer
      open={state !== null}
      position="end"
      size={d.wide ? 'full' : 'large'}
      onOpenChange={(_, o) => !o.open && d.requestClose()}
      data-testid={`${d.prefix}-drawer`}
      style={d.wide ? { maxWidth: '1240px' } : undefined}
    >
      <FormDrawerHeader d={d} />
      <DrawerBody>
        {!rf.ready && <Spinner label={t('engine.loading')} />}
        {rf.ready && tab === 'form' && (
          <EntityForm
            key={rf.revision}
            ref={formRef}
            resolved={resolved}
            action={action}
            record={record}
            onSaved={d.onSaved}
            onBusyChange={rf.setBusy}
            childRenderers={slots.childRenderers?.(rf)}
            widgets={slots.widgets}
            onLinesChanged={rf.reload}
            save={props.save}
            initial={props.initial}
            draftKey={action === 'view' ? null : { page: resolved.route, doc: action === 'add' ? 'new' : action === 'copy' ? `copy-${String(rf.id)}` : String(rf.id) }}
          />
        )}
        {rf.ready && tab === 'form' && rf.stored && extensions.map((x, i) => x.body && <x.body key={i} rf={rf} resolved={resolved} />)}
        {rf.ready && tab === 'history' && rf.id !== null && <HistoryPanel api={rf.api} id={rf.id} fields={formFields(resolved)} />}
      </DrawerBody>
      {rf.ready && tab === 'form' && <FormDrawerFooter d={d} />}
      {d.dialog}
    </OverlayDrawer>
  );
}

/** The title with the record's name and state badge, the notice, and the form / history tabs. */
function FormDrawerHeader({ d }: { d: FormDrawerModel }) {
  const { t } = useTranslation();
  const { rf, resolved, prefix, en } = d;
  const { record } = rf;
  return (
    <DrawerHeader>
      <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={t('engine.close')} icon={<Dismiss24Regular />} onClick={d.requestClose} />}>
        {d.title}
        {record?.[resolved.entity.titleField] ? ` · ${String(record[resolved.entity.titleField])}` : ''}{' '}
        {rf.state && (
          <Badge appearance="tint" color={rf.state.color ?? 'informative'} data-testid={`${prefix}-status`}>
            {en ? rf.state.label.en : rf.state.label.zh}
          </Badge>
        )}
      </DrawerHeaderTitle>
      {d.notices.map((n) => (
        <NoticeBar key={`${n.title ?? ''}${n.text}`} notice={n} testId={`${prefix}-notice`} />
      ))}
      {/* A view entity's rows are the platform's own table: no change history is kept for them. */}
      {rf.stored && d.history && (
        <TabList size="small" selectedValue={d.tab} onTabSelect={(_, v) => d.setTab(v.value as 'form' | 'history')}>
          <Tab value="form">{d.entityName}</Tab>
          <Tab value="history" data-testid="tab-history">{t('engine.historyTitle')}</Tab>
        </TabList>
      )}
    </DrawerHeader>
  );
}

/** Save and reset (not when viewing), the page's and the extensions' actions, cancel or close. */
function FormDrawerFooter({ d }: { d: FormDrawerModel }) {
  const { t } = useTranslation();
  const { rf, resolved, prefix } = d;
  const { action, busy, formRef } = rf;
  return (
    <DrawerFooter style={{ flexWrap: 'wrap' }}>
      {action !== 'view' && (
        <>
          <Button appearance="primary" disabled={busy} onClick={() => void formRef.current?.submit()} data-testid={`${prefix}-save`}>
            {busy ? <Spinner size="tiny" /> : t('engine.save')}
          </Button>
          <Button disabled={busy} onClick={() => formRef.current?.reset()} data-testid={`${prefix}-reset`}>{t('engine.reset')}</Button>
        </>
      )}
      {d.slots.transitions && rf.stored && <DrawerTransitions rf={rf} resolved={resolved} prefix={prefix} onChanged={d.onChanged} />}
      {d.slots.extraActions?.(rf)}
      <DrawerLinks rf={rf} resolved={resolved} />
      {rf.stored && d.extensions.map((x, i) => x.footer && <x.footer key={i} rf={rf} resolved={resolved} done={d.done} />)}
      <Button disabled={busy} onClick={d.requestClose} data-testid={`${prefix}-cancel`}>{action === 'view' ? t('engine.close') : t('engine.cancel')}</Button>
    </DrawerFooter>
  );
}
