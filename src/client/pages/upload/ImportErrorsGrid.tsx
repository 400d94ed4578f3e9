import { makeStyles, tokens } from '@fluentui/react-components';
import type { ColDef, IDatasource } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GRID_LOCALE, gridTheme } from '../../grid/EntityGrid';
import '../../grid/grid-modules';
import { uploadApi, type ImportError } from '../../engine/upload-api';

const BLOCK = 200;

const useStyles = makeStyles({
  wrap: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
});

/**
 * Every error of an import preview as row, column and message (issue 4: "第 12 行 [供应商编码]:
 * ..."), paged from the job's error file, so 100,000 errors scroll like ten.
 */
export function ImportErrorsGrid({ jobId, rows }: { jobId: number; rows: number }) {
  const s = useStyles();
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'zh-CN';
  const columns = useMemo<ColDef<ImportError>[]>(
    () => [
      { field: 'row', headerName: t('upload.row'), width: 90, type: 'rightAligned' },
      { field: 'column', headerName: t('upload.column'), width: 180 },
      { field: 'message', headerName: t('upload.message'), flex: 1, minWidth: 240, tooltipField: 'message' },
      { field: 'value', headerName: t('upload.value'), width: 200, tooltipField: 'value' },
    ],
    [t],
  );
  const datasource = useMemo<IDatasource>(
    () => ({
      getRows: (p) => {
        const page = Math.floor(p.startRow / BLOCK) + 1;
        uploadApi
          .errors(jobId, page, BLOCK)
          .then((r) => p.successCallback(r.rows, r.total))
          .catch(() => p.failCallback());
      },
    }),
    [jobId],
  );
  return (
    // As tall as its rows up to 10, then it scrolls.
    <div className={s.wrap} style={{ height: `${44 + 42 * Math.min(10, Math.max(2, rows))}px` }} data-testid="import-errors">
      <AgGridReact<ImportError>
        theme={gridTheme}
        columnDefs={columns}
        defaultColDef={{ sortable: false, resizable: true }}
        rowModelType="infinite"
        datasource={datasource}
        cacheBlockSize={BLOCK}
        infiniteInitialRowCount={1}
        localeText={GRID_LOCALE[language]}
        tooltipShowDelay={300}
      />
    </div>
  );
}
