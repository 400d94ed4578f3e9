/** Every entity declaration; importing this registers them all (with their dictionaries). */
import '../dictionaries-masterdata';
export * from './vendor.entity';
export * from './customer.entity';
export * from './material.entity';
export * from './company.entity';
export * from './plant.entity';
export * from './org.entity';
export * from './position.entity';
export * from './workshop.entity';
export * from './workline.entity';
export * from './process.entity';
// Orders and demand allocation (issue 6).
export * from './capacitygroup.entity';
export * from './vendorcapacity.entity';
export * from './cyclecalendar.entity';
export * from './allocationversion.entity';
export * from './demand.entity';
export * from './prorder.entity';
export * from './customerorder.entity';
export * from './ordershare.entity';
export * from './admin-settings.entity';
