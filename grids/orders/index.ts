/** Orders and demand allocation pages (issue 6) and their menu group. */
export * from './prorder.grid';
export * from './customerorder.grid';
export * from './capacity.grid';
export * from './allocation.grid';
export * from './menu';
