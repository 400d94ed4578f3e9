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
