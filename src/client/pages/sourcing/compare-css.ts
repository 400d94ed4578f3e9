import { groupedNumber } from '../../../model/number-text';
/** The comparison page's look (plain CSS, scoped by its `sc-` class names). */
export const CSS = `
.sc-page { display: flex; flex-direction: column; gap: 12px; padding: 16px; min-width: 0; }
.sc-head { display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
.sc-head h2 { margin: 0; font-size: 16px; }
.sc-panel { border: 1px solid #e0e0e0; border-radius: 6px; padding: 12px; background: #fff; min-width: 0; overflow-x: auto; }
.sc-table { border-collapse: collapse; font-size: 13px; min-width: 100%; }
.sc-table th { text-align: left; font-weight: 600; color: #424242; border-bottom: 1px solid #e0e0e0; padding: 6px 8px; white-space: nowrap; vertical-align: bottom; }
.sc-table td { border-bottom: 1px solid #f0f0f0; padding: 6px 8px; white-space: nowrap; vertical-align: top; }
.sc-table td.num, .sc-table th.num { text-align: right; }
.sc-sub { color: #707070; font-size: 12px; font-weight: 400; }
.sc-best { background: #dff6dd; color: #107c10; font-weight: 600; }
.sc-miss { color: #a19f9d; }
.sc-warn { color: #b35c00; font-size: 13px; }
.sc-grid2 { display: grid; grid-template-columns: minmax(0, 1fr) minmax(320px, 40%); gap: 12px; align-items: start; }
.sc-score { width: 88px; }
`;

export const fmt = (n: number | null | undefined, d = 4) => (n === null || n === undefined ? '' : groupedNumber(Number(n), d));
