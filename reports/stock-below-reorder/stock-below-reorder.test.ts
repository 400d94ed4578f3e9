import { describeReportFolder } from '../report-contract';
import { stockBelowReorder } from './stock-below-reorder.report';

describeReportFolder('stock-below-reorder', stockBelowReorder);
