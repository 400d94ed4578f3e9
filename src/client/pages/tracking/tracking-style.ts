/** The tracked orders' drawers' styles (one sheet for the maker's, the brand's and the supplier's). */
export const CSS = `
.nt-drawer { display: flex; flex-direction: column; gap: 10px; margin-top: 16px; min-width: 0; }
/* A node table wider than its panel (English words, the actions column) scrolls inside it. */
.nt-table-wrap { overflow-x: auto; min-width: 0; }
.nt-table { width: 100%; border-collapse: collapse; font-size: 13px; }
/* The heads are the fields' labels ("Plan duration (days)"): they wrap between words, the cells do not. */
.nt-table th { text-align: left; vertical-align: bottom; font-weight: 600; color: #424242; border-bottom: 1px solid #e0e0e0; padding: 6px 6px; white-space: normal; }
.nt-table td { border-bottom: 1px solid #f0f0f0; padding: 5px 6px; white-space: nowrap; }
.nt-head { display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
.nt-summary { font-size: 13px; color: #424242; }
.nt-state { display: inline-block; padding: 0 6px; border-radius: 3px; color: #fff; font-size: 12px; }
`;
