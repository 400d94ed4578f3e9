import { describeReportFolder } from '../report-contract';
import { vendorCapacityVsAllocated } from './vendor-capacity-vs-allocated.report';

describeReportFolder('vendor-capacity-vs-allocated', vendorCapacityVsAllocated);
