import { describeReportFolder } from '../report-contract';
import { openExceptions } from './open-exceptions.report';

describeReportFolder('open-exceptions', openExceptions);
