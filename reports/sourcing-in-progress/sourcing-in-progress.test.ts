import { describeReportFolder } from '../report-contract';
import { sourcingInProgress } from './sourcing-in-progress.report';

describeReportFolder('sourcing-in-progress', sourcingInProgress);
