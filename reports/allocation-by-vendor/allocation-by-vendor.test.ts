import { describeReportFolder } from '../report-contract';
import { allocationByVendor } from './allocation-by-vendor.report';

describeReportFolder('allocation-by-vendor', allocationByVendor);
