/**
 * Every report of the product, found by its folder: `reports/<name>/<name>.report.ts` declares it
 * (defineReport registers it and puts its entry in the reports menu), so adding a report is adding
 * its folder. This face is the browser's and the tests' (vite and vitest expand `import.meta.glob`
 * at build time into one static import per folder); the server, which runs under tsx without vite,
 * finds the same folders by reading the directory (src/server/services/reports/catalogue.ts), and
 * loads each folder's server query (`<name>.query.ts`) beside it, which the browser never imports.
 */
import './menu';

export const reportModules = import.meta.glob<Record<string, unknown>>('./*/*.report.ts', { eager: true });
export { reportsMenu } from './menu';
