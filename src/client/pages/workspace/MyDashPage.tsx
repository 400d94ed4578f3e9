import { Caption1, Title3 } from '@fluentui/react-components';
import { useTr } from '../../engine/report/use-arranged-board';
import { myDashboard } from '../../../../reports/dashboards/personal.board';
import { PersonalBoard } from './PersonalBoard';

/**
 * `/mydash` and `/mydash/index` (spec 2 "personal dashboard"): the user's own board: to-dos, items
 * to read and the control tower's widgets the user's roles offer, arranged by the user and kept on
 * the server per user and company (PersonalBoard).
 */
export function MyDashPage() {
  const tr = useTr();
  return (
    <div style={{ display: 'grid', gap: 12 }} data-testid="mydash">
      <PersonalBoard
        kind="mydash"
        header={
          <div style={{ display: 'grid' }}>
            <Title3 as="h1">{tr(myDashboard.title)}</Title3>
            <Caption1>{tr(myDashboard.purpose)}</Caption1>
          </div>
        }
      />
    </div>
  );
}
