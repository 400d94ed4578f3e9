import { Badge, Button, Field, Textarea, Title3, mergeClasses } from '@fluentui/react-components';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SampleComment, SampleRequestView, SampleRoom } from '../../../model/calls/development';
import { StoredImg, StoredLink } from '../../api/StoredFile';
import { DateBox } from '../../form/widgets/date-input';
import { STATE_COLOR, useSampleRoomStyles } from './sample-room-styles';
import { useSampleLabels, type useSampleRoom } from './use-sample-room';

type Room = ReturnType<typeof useSampleRoom>;

/** The company's requests, both directions; a card opens one. */
export function SampleList({ data, id, onChoose }: { data: SampleRoom | undefined; id: string | null; onChoose: (id: number) => void }) {
  const { t } = useTranslation();
  const s = useSampleRoomStyles();
  const { dict, stateLabel } = useSampleLabels();
  return (
    <div className={s.list} data-testid="sample-list">
      {data && !data.rows.length && <p>{t('dev.room.empty')}</p>}
      {data?.rows.map((r) => (
        <button type="button" key={r.id} className={mergeClasses(s.card, String(r.id) === id && s.chosen)} onClick={() => onChoose(r.id)} data-testid="sample-card" data-no={r.req_no}>
          {r.style_image ? <StoredImg className={s.thumb} src={r.style_image} alt="" /> : <span className={s.thumb} />}
          <span>
            <strong>{r.req_no}</strong> <Badge appearance="tint" color={STATE_COLOR[r.status] ?? 'informative'}>{stateLabel(r.status)}</Badge>
            <br />
            {r.style_code} {r.style_name} · {dict('sample_type', r.sample_type)}
            <br />
            <span className={s.small}>
              {dict('sample_direction', r.direction)} · {r.partner_name} · {t('dev.room.round', { n: r.round })} · {t('dev.room.due', { date: r.due_date ?? '' })}
            </span>
          </span>
        </button>
      ))}
    </div>
  );
}

/** The request's picture, state and facts. */
export function SampleHead({ req }: { req: SampleRequestView }) {
  const { t } = useTranslation();
  const s = useSampleRoomStyles();
  const { dict, stateLabel } = useSampleLabels();
  return (
    <div className={s.head} data-testid="sample-head">
      {req.style_image ? <StoredImg className={s.headImg} src={req.style_image} alt={req.style_code ?? ''} /> : <span className={s.headImg} />}
      <div>
        <Title3 as="h2">{req.req_no} · {req.style_code} {req.style_name}</Title3>
        <div className={s.facts}>
          <Badge appearance="filled" color={STATE_COLOR[req.status] ?? 'informative'} data-testid="sample-status">{stateLabel(req.status)}</Badge>
          <span>{dict('sample_type', req.sample_type)}</span>
          <span>{t(req.direction === 'out' ? 'dev.room.partnerOut' : 'dev.room.partnerIn', { name: req.partner_name ?? '' })}</span>
          <span data-testid="sample-round">{t('dev.room.round', { n: req.round })}</span>
          <span>{t('dev.room.due', { date: req.due_date ?? '' })}</span>
          <span>{req.colour} {req.sizes} · {t('dev.room.qty', { n: req.qty })}</span>
        </div>
        {req.requirements && (
          <p>
            <strong>{t('dev.room.requirements')}</strong>
            {req.requirements}
          </p>
        )}
        {req.status === 'rejected' && req.reject_reason && <p className={s.reject}>{t('dev.room.rejectReason', { reason: req.reject_reason })}</p>}
      </div>
    </div>
  );
}

/** The actions this side may take now, and the one waiting for its reason, due date or note. */
export function SampleActions({ a }: { a: Room['actions'] }) {
  const { t } = useTranslation();
  const s = useSampleRoomStyles();
  const { actionLabel } = useSampleLabels();
  const { pending } = a;
  return (
    <>
      {a.allowed.length > 0 && (
        <div className={s.actions} data-testid="sample-actions">
          {a.allowed.map((x) => (
            <Button key={x} appearance={x === 'approve' || x === 'send' || x === 'submit' ? 'primary' : 'secondary'} disabled={a.busy} data-testid={`sample-action-${x}`} onClick={() => a.choose(x)}>
              {actionLabel(x)}
            </Button>
          ))}
        </div>
      )}
      {pending && (
        <div className={s.actions} data-testid="sample-pending">
          {pending === 'reject' && (
            <Field label={t('dev.room.reason')} required style={{ minWidth: '360px' }}>
              <Textarea value={a.reason} onChange={(_, d) => a.setReason(d.value)} data-testid="sample-reason" />
            </Field>
          )}
          {pending === 'resample' && (
            <Field label={t('dev.room.newDue')} required>
              <DateBox value={a.due} onChange={a.setDue} ariaLabel={t('dev.room.newDue')} testId="sample-due" />
            </Field>
          )}
          {(pending === 'submit' || pending === 'approve') && (
            <Field label={t('dev.room.note')} style={{ minWidth: '360px' }} hint={pending === 'submit' ? t('dev.room.needPhotosHint') : undefined}>
              <Textarea value={a.note} onChange={(_, d) => a.setNote(d.value)} data-testid="sample-note" />
            </Field>
          )}
          <Button appearance="primary" disabled={!a.canConfirm} data-testid="sample-confirm" onClick={a.confirm}>{actionLabel(pending)}</Button>
          <Button onClick={() => a.setPending(null)}>{t('dev.room.cancelDialog')}</Button>
        </div>
      )}
    </>
  );
}

/** The comments by round, the latest round first. */
export function SampleThread({ rounds }: { rounds: Map<number, SampleComment[]> }) {
  const { t } = useTranslation();
  const s = useSampleRoomStyles();
  const { dict } = useSampleLabels();
  return (
    <div data-testid="sample-thread">
      {[...rounds.entries()].sort((a, b) => b[0] - a[0]).map(([round, list]) => (
        <div key={round} className={s.round} data-testid="sample-round-block" data-round={round}>
          <strong>{t('dev.room.round', { n: round })}</strong>
          {!list.length && <p className={s.small}>{t('dev.room.noComments')}</p>}
          {list.map((c) => (
            <div key={c.id} className={mergeClasses(s.comment, c.side === 'out' ? s.out : s.in)} data-testid="sample-comment" data-kind={c.kind}>
              <span className={s.small}>{c.company_name} · {c.author_name} · {c.created_at.slice(0, 19).replace('T', ' ')} · {dict('sample_comment_kind', c.kind)}</span>
              {c.body && <div>{c.body}</div>}
              {(c.photos ?? []).length > 0 && (
                <div className={s.photos}>
                  {(c.photos ?? []).map((p) => (
                    <StoredLink key={p} href={p} target="_blank" rel="noreferrer">
                      <StoredImg className={s.photo} src={p} alt="" data-testid="sample-photo" />
                    </StoredLink>
                  ))}
                </div>
              )}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/** A comment with photos, written on both sides. */
export function SampleComposer({ c, busy }: { c: Room['composer']; busy: boolean }) {
  const { t } = useTranslation();
  const s = useSampleRoomStyles();
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className={s.composer}>
      <Field label={t('dev.room.comment')}>
        <Textarea value={c.text} placeholder={t('dev.room.commentPlaceholder')} onChange={(_, d) => c.setText(d.value)} data-testid="sample-comment-text" />
      </Field>
      <div className={s.actions}>
        <Button onClick={() => fileInput.current?.click()} data-testid="sample-add-photos">{t('dev.room.addPhotos')}</Button>
        {c.photos.length > 0 && <span data-testid="sample-photos-pending">{t('dev.room.photosPending', { n: c.photos.length })}</span>}
        <Button appearance="primary" disabled={busy || (!c.text.trim() && !c.photos.length)} onClick={() => void c.sendComment()} data-testid="sample-send-comment">{t('dev.room.sendComment')}</Button>
      </div>
      {c.photos.length > 0 && (
        <div className={s.photos}>
          {c.photos.map((p) => <StoredImg key={p.id} className={s.photo} src={p.url} alt="" />)}
        </div>
      )}
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="sample-photo-input"
        onChange={(e) => {
          const f = e.target.files;
          if (f?.length) void c.addPhotos(f).finally(() => (e.target.value = ''));
        }}
      />
    </div>
  );
}
