import { describeReportFolder } from '../report-contract';
import { materialPriceTrend } from './material-price-trend.report';

describeReportFolder('material-price-trend', materialPriceTrend);
