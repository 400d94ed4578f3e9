import { useSnapshot } from 'valtio';
import { access } from '../../session/access-state';
import { resolvedPageOf } from '../../api/resolved-page';
import { ListPage } from '../../engine/ListPage';

/** An engine list of the tab at a height of its own (the engine's list takes its container's height). */
function AnnouncementList({ opt }: { opt: string }) {
  const resolved = resolvedPageOf(opt);
  return resolved ? <div style={{ height: 460 }}><ListPage resolved={resolved} /></div> : null;
}

/**
 * The centre's announcements tab: what the caller reads (grids/collab/announcement.grid.ts
 * `announcementfeed`: unread and read, 标为已读 its declared transition) and, for company
 * administrators, the company's own announcements as they write and publish them (`announcement`).
 */
export function AnnouncementsPanel() {
  const { dashroles } = useSnapshot(access);
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <AnnouncementList opt="announcementfeed" />
      {dashroles.includes('clientadmin') ? <AnnouncementList opt="announcement" /> : null}
    </div>
  );
}
