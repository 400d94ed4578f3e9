import { sql } from 'kysely';
import { dictValueLabel } from '../../../model/dictionaries';
import { labelIn } from '../../../model/label-text';
import { noticeSetting } from '../../../model/entities/notice.entity';
import { registerViewScope } from '../../resources/view-reader';
import { registerViewWriter } from '../../resources/view-writer';
import { readNoticeSettings, saveNoticeSetting, whoOf } from './notice-setting.routes';

/**
 * The centre's notification settings as the view `noticesetting` (issue 30): its rows are the
 * caller's settings as the notice-setting calls read them (one per event, in the events' order),
 * given the caller's company, which the scope keeps; a save and 取消我的设置 store through the same
 * calls' rules, so nobody reads or writes another person's settings.
 */
registerViewScope(noticeSetting.name, async (auth) => ({ where: sql`t.client_id = ${whoOf(auth).clientId}`, tenant: whoOf(auth).clientId }), {
  // A row's id is the person's and the event's place (the user's id, then two digits), so nobody's id names another person's row.
  rows: async ({ db, auth, language }) => (await readNoticeSettings(db, whoOf(auth))).events.map((e, i) => ({
    id: auth.userId * 100 + i + 1, version: 1, client_id: auth.clientId, event: e.event, name: labelIn(dictValueLabel('notify_event', e.event), language), channels: e.channels, source: e.source, company_channels: e.company ?? [],
  })),
});

registerViewWriter(noticeSetting.name, {
  // The rows are the caller's own settings: whoever may read them may change them.
  ownRows: true,
  store: async ({ tx, auth, row, set }) => {
    await saveNoticeSetting(tx, whoOf(auth), { event: row.event, channels: set.channels });
  },
  actions: {
    reset: async ({ tx, auth, row }) => {
      await saveNoticeSetting(tx, whoOf(auth), { event: row.event, reset: true });
    },
  },
});
