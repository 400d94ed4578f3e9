/** Administration pages (spec 2 "Admin") and their menu group. */
export * from './settings.grid';
export * from './menu';
