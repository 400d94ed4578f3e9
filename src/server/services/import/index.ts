/** Excel import (issue 4): engine, jobs, templates and the import centre's routes. */
export { importRoutes } from './routes';
export { runImport, type ImportReport, type ImportRequest, type RowError } from './import.service';
export { buildTemplate, writeErrorWorkbook } from './template.service';
export { recoverImportRuns, undoImportRun } from './import-journal';
