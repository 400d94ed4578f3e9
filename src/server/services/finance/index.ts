/** Finance reconciliation between companies (issue 18): statements, their matching and confirmation, the rate table, the demo. */
// The documents a statement gathers come first: their demo is seeded before the statements'.
import '../purchasing';
import '../outsource';
import '../orders';
import '../tickets';
import './finance.seed';
import { registerFinanceRules } from './finance.service';
import { registerSettlementRules } from './finance.settle';

registerFinanceRules();
registerSettlementRules();
