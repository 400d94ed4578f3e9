import { describeReportFolder } from '../report-contract';
import { vendorScorecard } from './vendor-scorecard.report';

describeReportFolder('vendor-scorecard', vendorScorecard);
