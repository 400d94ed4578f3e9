import { describeReportFolder } from '../report-contract';
import { importHistory } from './import-history.report';

describeReportFolder('import-history', importHistory);
