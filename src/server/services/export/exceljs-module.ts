import type ExcelJS from 'exceljs';

/**
 * exceljs, loaded when the process writes its first workbook instead of when the server starts.
 * With its zip writer and reader it is about 0.45 CPU-s of module loading, some 15 % of a server's
 * start, paid by every start (each end-to-end file starts one; docs/architecture.md "Tests and CI")
 * though most starts never write a workbook. Types come from `import type ExcelJS from 'exceljs'`.
 *
 * Example: `const { Workbook } = await exceljs(); const wb = new Workbook();`
 */
let loading: Promise<typeof ExcelJS> | null = null;

export function exceljs(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((m) => ((m as { default?: typeof ExcelJS }).default ?? (m as unknown as typeof ExcelJS)));
  return loading;
}
