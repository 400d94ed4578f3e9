/** The node-tracking pages' styles (one sheet for the maker's, the brand's and the supplier's). */
export const CSS = `
.nt-page { display: flex; flex-direction: column; gap: 12px; padding: 16px; min-width: 0; }
.nt-split { min-width: 0; }
.nt-list { overflow-x: auto; }
/* A node table wider than its panel (English words, the actions column) scrolls inside it. */
.nt-table-wrap { overflow-x: auto; min-width: 0; }
.nt-table { width: 100%; border-collapse: collapse; font-size: 13px; }
.nt-table th { text-align: left; font-weight: 600; color: #424242; border-bottom: 1px solid #e0e0e0; padding: 6px 6px; white-space: nowrap; }
.nt-table td { border-bottom: 1px solid #f0f0f0; padding: 5px 6px; white-space: nowrap; }
.nt-table tr.nt-order { cursor: pointer; }
.nt-table tr.nt-order:hover { background: #f5f5f5; }
.nt-table tr.nt-order.selected { background: #ebf3fc; }
.nt-num.bad { color: #d13438; font-weight: 600; }
.nt-num.warn { color: #b35c00; font-weight: 600; }
.nt-panel { border: 1px solid #e0e0e0; border-radius: 6px; padding: 12px; min-width: 0; background: #fff; }
.nt-head { display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
.nt-head h2 { margin: 0; font-size: 16px; }
.nt-summary { font-size: 13px; color: #424242; }
.nt-state { display: inline-block; padding: 0 6px; border-radius: 3px; color: #fff; font-size: 12px; }
`;
