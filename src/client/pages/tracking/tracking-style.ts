/** The tracked orders' drawers' styles (one sheet for the maker's, the brand's and the supplier's). */
export const CSS = `
.nt-drawer { display: flex; flex-direction: column; gap: 10px; margin-top: 16px; min-width: 0; }
.nt-summary { font-size: 13px; color: #424242; }
`;
