import { useSnapshot } from 'valtio';
import { REPORT_THEMES, type ChartTheme } from '../../../../reports/charts';
import { access } from '../../session/access-state';
import { profileApi } from '../../session/profile-api';

/**
 * The session's report theme (spec: `rpt_theme` of the login reply and of save-setting): the user's
 * own choice, kept in the account's settings; 'default' and unknown names read as the platform's
 * default theme. Every report chart and the control tower draw in it.
 */
export function reportThemeName(stored: string | null | undefined): string {
  return stored && stored in REPORT_THEMES ? stored : 'default';
}

export function useReportTheme(): { name: string; theme: ChartTheme; choose: (name: string) => Promise<void> } {
  const { reportTheme } = useSnapshot(access);
  const name = reportThemeName(reportTheme);
  return {
    name,
    theme: REPORT_THEMES[name].theme,
    choose: async (next: string) => {
      if (!(next in REPORT_THEMES)) return;
      await profileApi.saveSetting({ rpt_theme: next });
      access.reportTheme = next;
    },
  };
}
