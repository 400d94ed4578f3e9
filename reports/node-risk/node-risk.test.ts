import { describeReportFolder } from '../report-contract';
import { nodeRisk } from './node-risk.report';

describeReportFolder('node-risk', nodeRisk);
