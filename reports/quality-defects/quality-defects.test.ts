import { describeReportFolder } from '../report-contract';
import { qualityDefects } from './quality-defects.report';

describeReportFolder('quality-defects', qualityDefects);
