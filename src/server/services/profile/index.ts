/** The personal area's server calls (spec 7 "Profile and workspace"), mounted under /api by app.ts. */
export { profileRoutes } from './profile.routes';
export { favouriteEntries, nextFavourites } from './profile.service';
export { settingsPatchOf, type SavedTable, type SettingsPatch } from './profile-input.util';
