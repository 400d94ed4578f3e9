import { describeReportFolder } from '../report-contract';
import { allocationCoverage } from './allocation-coverage.report';

describeReportFolder('allocation-coverage', allocationCoverage);
