import { describeReportFolder } from '../report-contract';
import { supplierOrderBook } from './supplier-order-book.report';

describeReportFolder('supplier-order-book', supplierOrderBook);
