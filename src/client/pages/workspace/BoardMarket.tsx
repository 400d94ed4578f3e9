import { Button, Spinner } from '@fluentui/react-components';
import { Add16Regular, Checkmark16Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import useSWR, { mutate as mutateKey } from 'swr';
import { currentLanguage } from '../../kernel/i18n';
import { toast } from '../../kernel/toast-bus';
import { menuIcon } from '../../shell/menu-icons';
import { menuGroupTitle } from '../../shell/menu-lookup';
import { CatalogueRow } from '../../engine/report/ArrangedBoard';
import { useArrangeStyles } from '../../engine/report/use-arranged-board';
import { useTr } from '../../engine/report/use-arranged-board';
import { T } from './board-texts';
import { workspaceCalls } from '../../../model/calls/workspace';
import { callApi } from '../../api/calls';
import { readSetting, SETTING_KEYS, type AppModule } from './workspace-api';

/** The market's second tab on a personal board: the company's modules the user sees, each subscribed to or not (the home's apps). */
export function MarketApps({ open }: { open: boolean }) {
  const s = useArrangeStyles();
  const tr = useTr();
  const lang = currentLanguage();
  const { data: ws, mutate } = useSWR(open ? SETTING_KEYS.workspace : null, readSetting.workspace);
  const [busy, setBusy] = useState<string | null>(null);
  const toggleApp = async (m: AppModule, on: boolean) => {
    setBusy(m.CODE);
    try {
      const r = await callApi(on ? workspaceCalls.unsubscribe : workspaceCalls.subscribe, { modules: [m.CODE] });
      await mutate((d) => (d ? { ...d, apps: r.apps } : d), { revalidate: false });
      await mutateKey(SETTING_KEYS.home);
      toast.success(tr(on ? T.unsubscribed : T.subscribed));
    } catch {
      // The spec 8 reactions told why.
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className={s.market}>
      {!ws ? <Spinner size="small" /> : null}
      {ws?.modules.map((m) => {
        const on = ws.apps.includes(m.CODE);
        return (
          <CatalogueRow key={m.CODE} testId={`market-app-${m.CODE}`} icon={menuIcon(m.ICON)} title={menuGroupTitle({ CODE: m.CODE, TITLE: m.TITLE }, lang)} sub={tr(T.functions).replace('{n}', String(m.entries))}>
            <Button size="small" appearance={on ? 'secondary' : 'primary'} icon={on ? <Checkmark16Regular /> : <Add16Regular />} disabled={busy === m.CODE} onClick={() => void toggleApp(m, on)} data-testid={`app-toggle-${m.CODE}`} data-subscribed={on ? 'true' : 'false'}>
              {tr(on ? T.subscribedState : T.subscribe)}
            </Button>
          </CatalogueRow>
        );
      })}
    </div>
  );
}
