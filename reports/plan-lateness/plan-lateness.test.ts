import { describeReportFolder } from '../report-contract';
import { planLateness } from './plan-lateness.report';

describeReportFolder('plan-lateness', planLateness);
