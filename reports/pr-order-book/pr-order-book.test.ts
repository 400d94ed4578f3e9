import { describeReportFolder } from '../report-contract';
import { prOrderBook } from './pr-order-book.report';

describeReportFolder('pr-order-book', prOrderBook);
