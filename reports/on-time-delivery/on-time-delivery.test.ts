import { describeReportFolder } from '../report-contract';
import { onTimeDelivery } from './on-time-delivery.report';

describeReportFolder('on-time-delivery', onTimeDelivery);
