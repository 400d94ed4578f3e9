import { describeReportFolder } from '../report-contract';
import { orderBook } from './order-book.report';

describeReportFolder('order-book', orderBook);
