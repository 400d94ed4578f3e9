import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner, Text, ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, DismissRegular, EyeOffRegular, ArrowUndoRegular } from '@fluentui/react-icons';
import { AgGridReact } from 'ag-grid-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobView } from '../../engine/upload-api';
import { GRID_LOCALE, gridTheme } from '../../grid/EntityGrid';
import '../../grid/grid-modules';
import { SPREADSHEET_CSS } from '../../grid/useSpreadsheetKeys';
import { FIX_GRID_CSS, fixColumnDefs } from './fix-grid-columns';
import { GRID_MAX_ROWS_SHOWN, type FixRowData } from './fix-rows';
import { useImportStyles } from './import-styles';
import { useFixGrid, type FixGridState } from './use-fix-grid';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '8px' },
  title: { display: 'flex', flexDirection: 'column', gap: '2px' },
  grid: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  save: { color: tokens.colorNeutralForeground3, minWidth: '96px' },
});

/** The filter, leave-out and save state above the grid. */
function FixToolbar({ f }: { f: FixGridState }) {
  const s = useImportStyles();
  const c = useStyles();
  const { t } = useTranslation();
  const saveText = { saved: 'upload.fixSaved', pending: 'upload.fixPending', saving: 'upload.fixSaving', failed: 'upload.fixSaveFailed' }[f.saveState];
  return (
    <div className={s.actions}>
      <ToggleButton size="small" checked={f.onlyInvalid} onClick={() => f.toggleFilter(true)} data-testid="fix-only-invalid">
        {t('upload.fixOnlyInvalid', { count: f.counts.invalid })}
      </ToggleButton>
      <ToggleButton size="small" checked={!f.onlyInvalid} onClick={() => f.toggleFilter(false)} data-testid="fix-all-rows">
        {t('upload.fixAllRows', { count: f.counts.total })}
      </ToggleButton>
      <Button size="small" icon={<EyeOffRegular />} onClick={() => f.exclude(true)} data-testid="fix-exclude">{t('upload.fixExclude')}</Button>
      <Button size="small" appearance="subtle" icon={<ArrowUndoRegular />} onClick={() => f.exclude(false)} data-testid="fix-include">{t('upload.fixInclude')}</Button>
      <span className={s.grow} />
      <Text size={200} data-testid="fix-counts">{t('upload.fixCounts', f.counts)}</Text>
      <Text size={200} className={c.save} data-testid="fix-save-state" data-state={f.saveState}>{t(saveText)}</Text>
    </div>
  );
}

/** "Apply to all": the same wrong value in other rows of the column, changed in one click. */
function ApplyAllBar({ f }: { f: FixGridState }) {
  const { t } = useTranslation();
  if (!f.suggestion) return null;
  const { from, to, rows } = f.suggestion;
  return (
    <MessageBar intent="info" data-testid="fix-suggestion">
      <MessageBarBody>{t('upload.fixApplyAll', { count: rows.length, from, to: to ?? '' })}</MessageBarBody>
      <MessageBarActions containerAction={<Button appearance="transparent" icon={<DismissRegular />} aria-label={t('upload.fixDismiss')} onClick={f.dismiss} />}>
        <Button size="small" appearance="primary" onClick={f.applyAll} data-testid="fix-apply-all">{t('upload.fixApplyAllButton')}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}

/**
 * The fixing grid of a checked import, or of the rows a commit held (issue 33): every row of the
 * sheet, filtered to those with an issue, each bad cell marked with its message; typing, pasting,
 * filling and "apply to all" re-check the row in the browser and save to the job; rows can be left
 * out; the valid rows are committed and the others held in the job for later.
 */
export function FixGrid({ job, onJob }: { job: JobView; onJob: (next: JobView) => void }) {
  const s = useImportStyles();
  const c = useStyles();
  const { t } = useTranslation();
  const f = useFixGrid(job, onJob);
  const columns = useMemo(() => (f.view ? f.sheetKeys.withClasses(fixColumnDefs(f.view, f.language)) : []), [f.view, f.language, f.sheetKeys]);
  if (f.failed) return <MessageBar intent="error"><MessageBarBody>{t('upload.fixLoadFailed')}</MessageBarBody></MessageBar>;
  if (!f.view) return <Spinner size="small" label={t('upload.fixLoading')} />;
  const allValid = f.counts.invalid === 0;
  return (
    <section className={c.section} data-testid="fix-grid" data-held={f.view.held ? 'true' : 'false'}>
      <div className={c.title}>
        <Text weight="semibold">{t('upload.fixTitle')}</Text>
        <Text size={200} className={s.muted}>{t(f.view.held ? 'upload.fixHeldHint' : 'upload.fixHint')}</Text>
        {f.view.truncated && <Text size={200} className={s.muted}>{t('upload.fixTruncated', { max: GRID_MAX_ROWS_SHOWN })}</Text>}
      </div>
      <FixToolbar f={f} />
      <ApplyAllBar f={f} />
      <style>{SPREADSHEET_CSS + FIX_GRID_CSS}</style>
      {/* As tall as its rows up to 10, then it scrolls. */}
      <div className={c.grid} style={{ height: `${46 + 42 * Math.min(10, Math.max(3, f.shownCount))}px` }} {...f.sheetKeys.containerProps}>
        <AgGridReact<FixRowData>
          theme={gridTheme}
          rowData={f.rows}
          columnDefs={columns}
          getRowId={(r) => String(r.data.row)}
          {...f.sheetKeys.gridProps}
          rowSelection={{ mode: 'multiRow', checkboxes: true, headerCheckbox: true, enableClickSelection: false }}
          selectionColumnDef={{ pinned: 'left' }}
          singleClickEdit
          stopEditingWhenCellsLoseFocus
          enterNavigatesVerticallyAfterEdit
          isExternalFilterPresent={() => f.onlyInvalid}
          doesExternalFilterPass={(node) => f.passesFilter(node.data)}
          onGridReady={(e) => f.setApi(e.api)}
          onFirstDataRendered={(e) => f.firstBadColumn() && e.api.ensureColumnVisible(f.firstBadColumn()!)}
          onCellValueChanged={f.onCellValueChanged}
          localeText={GRID_LOCALE[f.language]}
          overlayNoRowsTemplate={`<span>${t('upload.fixNoInvalid')}</span>`}
          tooltipShowDelay={200}
        />
      </div>
      <div className={s.actions}>
        <Button appearance="primary" icon={<CheckmarkCircleRegular />} disabled={f.committing || f.counts.valid === 0} onClick={() => void f.commit()} data-testid="fix-commit">
          {allValid ? t('upload.fixCommitAll', { count: f.counts.valid }) : t('upload.fixCommit')}
        </Button>
      </div>
    </section>
  );
}
