import { describeReportFolder } from '../report-contract';
import { supplierDispatch } from './supplier-dispatch.report';

describeReportFolder('supplier-dispatch', supplierDispatch);
