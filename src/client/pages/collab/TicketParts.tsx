import { Link, tokens } from '@fluentui/react-components';
import { storedFileUrl, useFileSrc } from '../../api/file-src';
import { StoredImg } from '../../api/StoredFile';
import { ticket as ticketEntity } from '../../../model/entities/ticket.entity';
import type { TicketAttachment } from '../../../model/calls/tickets';
import { StateBadge } from './StateBadge';
import './collab-messages';

/** A ticket's state, labelled and coloured as its entity declares. */
export function StatusBadge({ status }: { status: string }) {
  return <StateBadge entity={ticketEntity} code={status} testId="ticket-status" />;
}

/** A comment's image (a thumbnail opening the file) or file (a link). */
export function AttachmentView({ a }: { a: TicketAttachment }) {
  // The stored file's address: the elements that show it exchange it for a signed link (api/file-src.ts).
  const url = storedFileUrl(a.key);
  const link = useFileSrc(url);
  if (/^image\//.test(a.mime ?? '')) {
    return (
      <a href={link || undefined} target="_blank" rel="noreferrer">
        <StoredImg src={url} alt={a.name} data-testid="comment-image" style={{ maxWidth: 160, maxHeight: 120, borderRadius: 4, border: `1px solid ${tokens.colorNeutralStroke2}` }} />
      </a>
    );
  }
  return <Link href={link || undefined} target="_blank" data-testid="comment-file">{a.name}</Link>;
}
