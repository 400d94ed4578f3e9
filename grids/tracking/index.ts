/** The node tracking pages and their menu group (issue 12). */
export * from './menu';
export * from './nodeconfig.grid';
