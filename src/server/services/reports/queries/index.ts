// Server query functions register on import (server-query.ts); the report routes import this.
import './on-time.query';
import './material-price.query';
import './vendor-capacity.query';
import './capacity-load.query';
import './import-history.query';
import './allocation.query';
import './node-risk.query';
import './outsourced-wip.query';
import './vendor-scorecard.query';
import './vendor-kpi.query';
import './open-exceptions.query';
import './quality-defects.query';
import './sourcing-progress.query';
import './plan-lateness.query';
import './supplier-dispatch.query';
