import { describeReportFolder } from '../report-contract';
import { purchaseSpend } from './purchase-spend.report';

describeReportFolder('purchase-spend', purchaseSpend);
