import { describeReportFolder } from '../report-contract';
import { ordersByStatus } from './orders-by-status.report';

describeReportFolder('orders-by-status', ordersByStatus);
