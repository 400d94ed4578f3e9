import { workspaceCalls, type DashSetting, type HomeSetting, type WorkspaceSetting } from '../../../model/calls/workspace';
import { callApi } from '../../api/calls';

export type { AppModule, DashSetting, HomeSetting, WorkspaceSetting } from '../../../model/calls/workspace';

/** swr keys of the settings reads: the home's key is the favourites block's (src/client/shell/favourites.tsx), so a star reloads both. */
export const SETTING_KEYS = { mydash: 'profile:my-dash-setting', home: 'profile:my-workspace-home-setting', workspace: 'profile:my-workspace-setting' } as const;

/** The settings reads under those keys (quiet: a board that cannot load says so itself). */
export const readSetting = {
  mydash: (): Promise<DashSetting> => callApi(workspaceCalls.dashSetting, undefined, { quiet: true }),
  home: (): Promise<HomeSetting> => callApi(workspaceCalls.homeSetting, undefined, { quiet: true }),
  workspace: (): Promise<WorkspaceSetting> => callApi(workspaceCalls.workspaceSetting, undefined, { quiet: true }),
};
