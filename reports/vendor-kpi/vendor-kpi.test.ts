import { describeReportFolder } from '../report-contract';
import { vendorKpi } from './vendor-kpi.report';

describeReportFolder('vendor-kpi', vendorKpi);
