import { Dropdown, Field, Input, Link, Option, Textarea, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileSrc } from '../../api/file-src';
import { StoredImg } from '../../api/StoredFile';
import { ticketFileUrl, type Attachment } from './ticket-api';
import { ticket as ticketEntity } from '../../../model/entities/ticket.entity';
import { StateBadge } from './StateBadge';
import { useTicketDicts } from './use-ticket-dicts';
import './collab-messages';

/** A ticket's state, labelled and coloured as its entity declares. */
export function StatusBadge({ status }: { status: string }) {
  return <StateBadge entity={ticketEntity} code={status} testId="ticket-status" />;
}

/** The fields a person writes on a ticket, as the raise and the edit dialogs hold them (text boxes hold text). */
export type TicketFieldValues = { title: string; description: string; category: string; level: string; tags: string; duration: string; deduct_type: string; deduct_amount: string };

/**
 * The ticket's own fields in two columns, shared by the raise and the edit dialogs: `head` (the raise
 * dialog's document), title, category, level and description, then `children` (the raise dialog's
 * people), then tags, duration and the deduction.
 */
export function TicketFields<T extends TicketFieldValues>(props: { draft: T; onChange: (next: T) => void; errors: Record<string, string>; head?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation();
  const d = useTicketDicts();
  const { draft, errors } = props;
  const set = (patch: Partial<TicketFieldValues>) => props.onChange({ ...draft, ...patch });
  const pick = (key: 'category' | 'level' | 'deduct_type', dict: string, label: (v: string) => string) => (
    <Dropdown value={label(draft[key])} selectedOptions={[draft[key]]} onOptionSelect={(_, o) => set({ [key]: String(o.optionValue) })}>
      {d.items(dict).map((i) => <Option key={i.value} value={i.value}>{i.text}</Option>)}
    </Dropdown>
  );
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
      {props.head}
      <Field label={t('collab.ticket.title')} required validationMessage={errors.title} style={{ gridColumn: '1 / 3' }}>
        <Input value={draft.title} onChange={(_, v) => set({ title: v.value })} data-testid="ticket-title-input" />
      </Field>
      <Field label={t('collab.ticket.category')} required validationMessage={errors.category}>{pick('category', 'ticket_category', d.category)}</Field>
      <Field label={t('collab.ticket.level')} required validationMessage={errors.level}>{pick('level', 'ticket_level', d.level)}</Field>
      <Field label={t('collab.ticket.description')} required validationMessage={errors.description} style={{ gridColumn: '1 / 3' }}>
        <Textarea value={draft.description} onChange={(_, v) => set({ description: v.value })} data-testid="ticket-description-input" />
      </Field>
      {props.children}
      <Field label={t('collab.ticket.tags')} validationMessage={errors.tags}><Input value={draft.tags} onChange={(_, v) => set({ tags: v.value })} /></Field>
      <Field label={t('collab.ticket.duration')} validationMessage={errors.duration}><Input value={draft.duration} onChange={(_, v) => set({ duration: v.value })} /></Field>
      <Field label={t('collab.ticket.deductType')} validationMessage={errors.deduct_type}>{pick('deduct_type', 'ticket_deduct_type', d.deduct)}</Field>
      <Field label={t('collab.ticket.deductAmount')} validationMessage={errors.deduct_amount}><Input value={draft.deduct_amount} onChange={(_, v) => set({ deduct_amount: v.value })} /></Field>
    </div>
  );
}

/** A comment's image (a thumbnail opening the file) or file (a link). */
export function AttachmentView({ a }: { a: Attachment }) {
  const url = ticketFileUrl(a);
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
