import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  ProgressBar,
  Text,
  ToolbarButton,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowExportRegular, ArrowImportRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { importColumns } from '../../model/excel';
import type { ResolvedPage } from '../../model/page-resolve';
import { ApiError } from '../api/client';
import { toast } from '../kernel/toast-bus';
import { isActive, jobFraction } from './job-state';
import { useJob } from './use-job';
import { downloadFile, UPLOAD_BASE, type JobView } from './upload-api';

type Query = Record<string, string | number | undefined>;

/** The list query an export repeats: the page endpoint's filters, quick search, tab and sort, without paging. */
export function exportQuery(listQuery: Record<string, unknown>, columns: readonly string[], lang: 'zh-CN' | 'en', opt: string): Query {
  const out: Query = {};
  for (const [k, v] of Object.entries(listQuery)) {
    if (['page', 'size', 'tabs'].includes(k) || v === undefined || v === null || v === '') continue;
    out[k] = String(v);
  }
  if (columns.length) out.columns = columns.join(',');
  out.lang = lang;
  out.opt = opt;
  return out;
}

/**
 * The list toolbar's Excel actions (issue 4): "import" opens the import page with this list's
 * entity preselected; "export" downloads what the list shows (its filters, sort and visible
 * columns) with zh or en headers. A small export is the reply itself; a large one runs as a job
 * whose progress this dialog follows until the file can be downloaded (it stays in the import
 * centre's history too). An empty list says "没有可导出的数据" (the server's spec 8 message).
 */
export function ListExcelActions(props: { resolved: ResolvedPage; listQuery: () => Record<string, unknown>; visibleColumns: () => string[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { job, setJob } = useJob(null);
  const [busy, setBusy] = useState(false);
  const { resolved } = props;
  // Offered only where the page declares it; the server refuses an import no page offers.
  const canImport = !resolved.entity.childOnly && importColumns(resolved.entity).length > 0 && resolved.actions.some((a) => a.kind === 'import');

  const runExport = async (lang: 'zh-CN' | 'en') => {
    setBusy(true);
    try {
      const query = exportQuery(props.listQuery(), props.visibleColumns(), lang, resolved.page.opt);
      const r = await downloadFile<{ job: JobView }>(`${resolved.apiBase}/export`, query, `${resolved.entity.name}.xlsx`, { quiet: true });
      if ('data' in r) setJob(r.data.job);
      else toast.success(t('upload.exportSaved', { name: r.saved }));
    } catch (e) {
      // spec 8 "no data to export" and the other refusals come with the server's translated message,
      // after "Download Failed" (spec 8 "General").
      if (e instanceof ApiError && e.status !== 401) toast.error(e.message ? t('fail.download', { message: e.message }) : t('msg.downloadFailed'));
    } finally {
      setBusy(false);
    }
  };

  const download = async (j: JobView) => {
    await downloadFile(`${UPLOAD_BASE}/jobs/${j.id}/download`, undefined, j.result?.fileName ?? 'export.xlsx').catch(() => undefined);
    setJob(null);
  };

  return (
    <>
      {canImport && (
        <ToolbarButton icon={<ArrowImportRegular />} onClick={() => navigate(`/page/upload/view?opt=${encodeURIComponent(resolved.page.opt)}&entity=${encodeURIComponent(resolved.entity.name)}`)} data-testid="action-import">
          {t('upload.import')}
        </ToolbarButton>
      )}
      {/* A view entity's rows are the platform's own table, not the registry's: the export does not serve it. */}
      {!resolved.entity.view && (
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <ToolbarButton icon={<ArrowExportRegular />} disabled={busy} data-testid="action-export" data-overflow-keep="">
              {t('upload.export')}
            </ToolbarButton>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              <MenuItem onClick={() => void runExport('zh-CN')} data-testid="export-zh">{t('upload.exportZh')}</MenuItem>
              <MenuItem onClick={() => void runExport('en')} data-testid="export-en">{t('upload.exportEn')}</MenuItem>
            </MenuList>
          </MenuPopover>
        </Menu>
      )}
      <ExportJobDialog job={job} onClose={() => setJob(null)} onDownload={(j) => void download(j)} />
    </>
  );
}

/** The progress of a large export run as a job, until its file can be downloaded (ListExcelActions). */
function ExportJobDialog({ job, onClose, onDownload }: { job: JobView | null; onClose: () => void; onDownload: (job: JobView) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={job !== null} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('upload.export')}</DialogTitle>
          <DialogContent>
            {job && (
              <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="export-job">
                <Text>{job.title}</Text>
                <ProgressBar value={jobFraction(job)} thickness="large" color={job.status === 'failed' ? 'error' : 'brand'} />
                <Text size={200}>
                  {job.status === 'failed' ? job.error : isActive(job.status) ? t('upload.exportRunning', { done: job.progress, rows: job.total || job.params.rows || 0 }) : t('upload.exportReady')}
                </Text>
                <Text size={200}>{t('upload.leaveHint')}</Text>
              </div>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('upload.close')}</Button>
            <Button appearance="primary" icon={<ArrowDownloadRegular />} disabled={!job || job.status !== 'done'} onClick={() => job && onDownload(job)} data-testid="export-download">
              {t('upload.download')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
