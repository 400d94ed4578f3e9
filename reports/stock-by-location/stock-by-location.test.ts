import { describeReportFolder } from '../report-contract';
import { stockByLocation } from './stock-by-location.report';

describeReportFolder('stock-by-location', stockByLocation);
