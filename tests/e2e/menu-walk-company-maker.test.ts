import { walkMenusOf } from './support/menu-walk';

/** Issue 21's menu walk for the garment maker's demo users, one of them in English (tests/e2e/support/menu-walk.ts). */
walkMenusOf(['maker', 'maker.planner@en']);
