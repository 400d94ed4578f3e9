import { describeReportFolder } from '../report-contract';
import { capacityLoad } from './capacity-load.report';

describeReportFolder('capacity-load', capacityLoad);
