import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { Label, ReportDef } from '../../../model';
import { TEXT } from './report-texts';
import { shownMeasure, shownValue, type ReportResult } from './report-view';

/** The grouped rows of a run: dimension values by their names, measures by their formats, subtotal and total rows bold. */
export function ReportTable({ report, result, tr }: { report: ReportDef; result: ReportResult; tr: (l: Label | string) => string }) {
  const dimCount = result.columns.filter((x) => x.kind === 'dimension').length;
  return (
    <div style={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={tr(report.title)} data-testid="report-table">
        <TableHeader>
          <TableRow>
            {result.columns.map((c) => (
              <TableHeaderCell key={c.key}>
                <span style={c.kind === 'measure' ? { width: '100%', textAlign: 'right' } : undefined}>{c.label}</span>
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {result.rows.map((r, i) => (
            <TableRow key={i} style={r._level ? { fontWeight: 600, background: '#f5f5f5' } : undefined}>
              {result.columns.map((c) => (
                <TableCell key={c.key} style={c.kind === 'measure' ? { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } : undefined}>
                  {r._level && c.kind === 'dimension' && r[c.key] === null
                    ? tr(r._level === dimCount ? TEXT.total : TEXT.subtotals)
                    : c.kind === 'dimension'
                      ? shownValue(result, c.key, r[c.key])
                      : shownMeasure(report, c.key, r[c.key])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
