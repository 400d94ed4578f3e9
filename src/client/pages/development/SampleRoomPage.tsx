import { Title2 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SplitPane } from '../../shell/SplitPane';
import { useSampleRoomStyles } from './sample-room-styles';
import { SampleActions, SampleComposer, SampleHead, SampleList, SampleThread } from './SampleRoomViews';
import { useSampleRoom } from './use-sample-room';
import './development-messages';

/**
 * The sample room (issue 18): the company's sample requests, both directions, and one of them with
 * its rounds of comments and photos; the requester approves or rejects (with a reason) and starts a
 * new round, the maker accepts and submits the sample with photos. Both companies' open rooms
 * refresh on the server's `sample.changed` event. Data and commands: use-sample-room.ts.
 */
export function SampleRoomPage() {
  const { t } = useTranslation();
  const s = useSampleRoomStyles();
  const room = useSampleRoom();
  const { data, req } = room;
  return (
    <div className={s.page} data-testid="sample-room">
      <Title2 as="h1">{t('dev.room.title')}</Title2>
      <span className={s.small}>{t('dev.room.explain')}</span>
      <SplitPane id="sample-room-list" sized="start" defaultSize={340} min={240} maxShare={0.5} otherMin={420} label={t('dev.room.listWidth')} className={s.body}>
        <SampleList data={data} id={room.id} onChoose={room.choose} />
        <div className={s.detail}>
          {!req && data && data.rows.length > 0 && <p>{t('dev.room.pick')}</p>}
          {req && (
            <>
              <SampleHead req={req} />
              <SampleActions a={room.actions} />
              <SampleThread rounds={room.rounds} />
              {req.status !== 'cancelled' && <SampleComposer c={room.composer} busy={room.actions.busy} />}
            </>
          )}
        </div>
      </SplitPane>
    </div>
  );
}
