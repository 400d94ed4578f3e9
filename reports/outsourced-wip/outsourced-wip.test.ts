import { describeReportFolder } from '../report-contract';
import { outsourcedWip } from './outsourced-wip.report';

describeReportFolder('outsourced-wip', outsourcedWip);
