/** The outsourced-order pages and the supplier side's menu group. */
export * from './menu';
export * from './outsourceorder.grid';
export * from './outsourcetask.grid';
