/** Master-data pages (spec 1) and their menu group. */
export * from './customer.grid';
export * from './vendor.grid';
export * from './material.grid';
export * from './company.grid';
export * from './plant.grid';
export * from './org.grid';
export * from './position.grid';
export * from './workshop.grid';
export * from './workline.grid';
export * from './process.grid';
export * from './menu';
