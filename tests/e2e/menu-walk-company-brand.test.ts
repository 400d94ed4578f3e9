import { walkMenusOf } from './support/menu-walk';

/** Issue 21's menu walk for the platform administrator and the brand's demo users (its finance too, issue 29), one of them in English (tests/e2e/support/menu-walk.ts). */
walkMenusOf(['admin', 'brand', 'brand.buyer@en', 'brand.finance']);
