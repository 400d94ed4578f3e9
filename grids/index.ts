/**
 * Every list page of the product (ARCHITECTURE "Layout": open grids/ and see every list a planner
 * works in). Importing this registers the page declarations and their menu entries; the server
 * (GET /api/model/pages, menus in the login reply) and the browser engine both import it.
 */
import '../src/model';
export * from './masterdata';
export * from './admin';
export * from './orders';
export * from './purchase';
export * from './planning';
export * from './approvals';
export * from './sourcing';
export * from './tracking';
export * from './outsource';
export * from './production';
export * from './collab';
export * from './quality';
export * from './development';
export * from './finance';
export * from './reports';
export * from './workspace';
