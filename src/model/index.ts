/** The isomorphic core: imported by server, browser and declarations alike. */
export * from './entity';
export * from './field-types';
export * from './rules';
export * from './page';
export * from './menus';
export * from './roles';
export * from './platforms';
export * from './dictionaries';
export * from './i18n';
import './entities';
export * from './validate';
export type * from './schedule-board';
export * from './calendar';
export * from './report';
export * from './list-filters';
export * from './measures';
export * from './notice-events';
export * from './dashboard';
