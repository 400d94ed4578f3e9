import { Badge, Button, Field, Textarea, Title2, Title3, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { getDictionary } from '../../../model/dictionaries';
import { sampleRequest } from '../../../model/entities/samplerequest.entity';
import { api } from '../../api/client';
import { StoredImg, StoredLink } from '../../api/StoredFile';
import { DateBox } from '../../form/widgets/date-input';
import { onSocketMessage } from '../../session/notification-socket';
import { SplitPane } from '../../shell/SplitPane';
import './development-messages';

type Req = {
  id: number; req_no: string; direction: 'out' | 'in'; status: string; sample_type: string; style_code: string | null; style_name: string | null;
  style_image: string | null; partner_name: string | null; round: number; due_date: string | null;
};
type Full = Req & { colour: string | null; sizes: string | null; qty: number; requirements: string | null; reject_reason: string | null; version: number };
type Comment = { id: number; round: number; kind: string; side: 'out' | 'in'; company_name: string; author_name: string; body: string | null; photos: string[] | null; created_at: string };
type Room = { rows: Req[]; request: Full | null; comments: Comment[] };

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '8px', padding: '12px 20px', height: '100%', boxSizing: 'border-box' },
  body: { minHeight: 0, flex: 1 },
  list: { overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: '6px', borderRight: `1px solid ${tokens.colorNeutralStroke2}`, paddingRight: '8px' },
  card: { display: 'grid', gridTemplateColumns: '48px 1fr', gap: '8px', padding: '6px', borderRadius: '6px', cursor: 'pointer', border: `1px solid ${tokens.colorNeutralStroke2}`, background: tokens.colorNeutralBackground1, textAlign: 'left' },
  chosen: { border: `2px solid ${tokens.colorBrandStroke1}`, background: tokens.colorBrandBackground2 },
  thumb: { width: '48px', height: '48px', objectFit: 'cover', borderRadius: '4px', background: tokens.colorNeutralBackground3 },
  small: { color: tokens.colorNeutralForeground3, fontSize: '12px' },
  detail: { overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: '12px' },
  head: { display: 'grid', gridTemplateColumns: '120px 1fr', gap: '16px', alignItems: 'start' },
  headImg: { width: '120px', height: '120px', objectFit: 'cover', borderRadius: '6px', background: tokens.colorNeutralBackground3 },
  facts: { display: 'flex', flexWrap: 'wrap', gap: '6px 16px', alignItems: 'center' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'end' },
  round: { borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: '8px' },
  comment: { padding: '8px 10px', borderRadius: '6px', margin: '6px 0', maxWidth: '720px' },
  out: { background: tokens.colorNeutralBackground3 },
  in: { background: tokens.colorPaletteGreenBackground1, marginLeft: '48px' },
  photos: { display: 'flex', gap: '8px', flexWrap: 'wrap', marginTop: '6px' },
  photo: { width: '120px', height: '120px', objectFit: 'cover', borderRadius: '4px', border: `1px solid ${tokens.colorNeutralStroke2}` },
  reject: { color: tokens.colorPaletteRedForeground1, fontWeight: 600 },
  composer: { display: 'flex', flexDirection: 'column', gap: '6px', borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: '8px' },
});

const STATE_COLOR: Record<string, 'informative' | 'warning' | 'brand' | 'success' | 'danger' | 'subtle'> = {
  draft: 'informative', requested: 'warning', in_progress: 'brand', submitted: 'warning', approved: 'success', rejected: 'danger', cancelled: 'subtle',
};

/** What each side may do in each state (the server refuses anything else with its own message). */
const ACTIONS: Record<'out' | 'in', Record<string, string[]>> = {
  out: { draft: ['send', 'cancel'], requested: ['cancel'], in_progress: ['cancel'], submitted: ['approve', 'reject', 'cancel'], rejected: ['resample', 'cancel'] },
  in: { requested: ['accept', 'submit'], in_progress: ['submit'] },
};

/**
 * The sample room (issue 18): the company's sample requests, both directions, and one of them with
 * its rounds of comments and photos; the requester approves or rejects (with a reason) and starts a
 * new round, the maker accepts and submits the sample with photos. Both companies' open rooms
 * refresh on the server's `sample.changed` event.
 */
export function SampleRoomPage() {
  const { t, i18n } = useTranslation();
  const s = useStyles();
  const en = i18n.language.startsWith('en');
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const { data, mutate } = useSWR(['dev-room', id ?? ''], () => api.get<Room>('/scmapi/samplerequest/room', id ? { id } : undefined));
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<{ id: number; url: string }[]>([]);
  const [pending, setPending] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [due, setDue] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => onSocketMessage((m) => {
    if ((m as { type?: string })?.type === 'sample.changed') void mutate();
  }), [mutate]);
  useEffect(() => {
    setPending(null);
    setText('');
    setPhotos([]);
  }, [id]);

  const dict = (code: string, v: string | null | undefined) => {
    const item = getDictionary(code)?.items.find((x) => x.value === v);
    return item ? (en ? item.label.en : item.label.zh) : (v ?? '');
  };
  const stateLabel = (code: string) => {
    const st = sampleRequest.states!.states.find((x) => x.code === code);
    return st ? (en ? st.label.en : st.label.zh) : code;
  };
  const actionLabel = (action: string) => {
    const tr = sampleRequest.states!.transitions.find((x) => x.action === action);
    return tr ? (en ? tr.label.en : tr.label.zh) : action;
  };

  const req = data?.request ?? null;
  const run = async (action: string, body: Record<string, unknown> = {}) => {
    if (!req) return;
    setBusy(true);
    try {
      await api.post(`/scmapi/samplerequest/action/${action}`, { ids: [req.id], ...body });
      setPending(null);
      setReason('');
      setNote('');
      await mutate();
    } finally {
      setBusy(false);
    }
  };
  const addPhotos = async (files: FileList) => {
    for (const f of Array.from(files)) {
      const form = new FormData();
      form.append('file', f);
      const r = await api.post<{ id: number; url: string }>('/scmapi/samplerequest/photo', form);
      setPhotos((p) => [...p, r]);
    }
  };
  const sendComment = async () => {
    if (!req) return;
    setBusy(true);
    try {
      await api.post('/scmapi/samplerequest/comment', { id: req.id, body: text, photos: photos.map((p) => p.id) });
      setText('');
      setPhotos([]);
      await mutate();
    } finally {
      setBusy(false);
    }
  };

  const rounds = new Map<number, Comment[]>();
  for (const c of data?.comments ?? []) rounds.set(c.round, [...(rounds.get(c.round) ?? []), c]);
  if (req && !rounds.has(req.round)) rounds.set(req.round, []);
  const allowed = req ? (ACTIONS[req.direction][req.status] ?? []) : [];

  return (
    <div className={s.page} data-testid="sample-room">
      <Title2 as="h1">{t('dev.room.title')}</Title2>
      <span className={s.small}>{t('dev.room.explain')}</span>
      <SplitPane id="sample-room-list" sized="start" defaultSize={340} min={240} maxShare={0.5} otherMin={420} label={t('dev.room.listWidth')} className={s.body}>
        <div className={s.list} data-testid="sample-list">
          {data && !data.rows.length && <p>{t('dev.room.empty')}</p>}
          {data?.rows.map((r) => (
            <button type="button" key={r.id} className={mergeClasses(s.card, String(r.id) === id && s.chosen)} onClick={() => setParams({ id: String(r.id) })} data-testid="sample-card" data-no={r.req_no}>
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
        <div className={s.detail}>
          {!req && data && data.rows.length > 0 && <p>{t('dev.room.pick')}</p>}
          {req && (
            <>
              <div className={s.head} data-testid="sample-head">
                {req.style_image ? <StoredImg className={s.headImg} src={req.style_image} alt={req.style_code ?? ''} /> : <span className={s.headImg} />}
                <div>
                  <Title3 as="h2">
                    {req.req_no} · {req.style_code} {req.style_name}
                  </Title3>
                  <div className={s.facts}>
                    <Badge appearance="filled" color={STATE_COLOR[req.status] ?? 'informative'} data-testid="sample-status">
                      {stateLabel(req.status)}
                    </Badge>
                    <span>{dict('sample_type', req.sample_type)}</span>
                    <span>{t(req.direction === 'out' ? 'dev.room.partnerOut' : 'dev.room.partnerIn', { name: req.partner_name ?? '' })}</span>
                    <span data-testid="sample-round">{t('dev.room.round', { n: req.round })}</span>
                    <span>{t('dev.room.due', { date: req.due_date ?? '' })}</span>
                    <span>
                      {req.colour} {req.sizes} · {t('dev.room.qty', { n: req.qty })}
                    </span>
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
              {allowed.length > 0 && (
                <div className={s.actions} data-testid="sample-actions">
                  {allowed.map((a) => (
                    <Button
                      key={a}
                      appearance={a === 'approve' || a === 'send' || a === 'submit' ? 'primary' : 'secondary'}
                      disabled={busy}
                      data-testid={`sample-action-${a}`}
                      onClick={() => (['reject', 'resample', 'submit', 'approve'].includes(a) ? setPending(a) : void run(a))}
                    >
                      {actionLabel(a)}
                    </Button>
                  ))}
                </div>
              )}
              {pending && (
                <div className={s.actions} data-testid="sample-pending">
                  {pending === 'reject' && (
                    <Field label={t('dev.room.reason')} required style={{ minWidth: '360px' }}>
                      <Textarea value={reason} onChange={(_, d) => setReason(d.value)} data-testid="sample-reason" />
                    </Field>
                  )}
                  {pending === 'resample' && (
                    <Field label={t('dev.room.newDue')} required>
                      <DateBox value={due} onChange={setDue} ariaLabel={t('dev.room.newDue')} testId="sample-due" />
                    </Field>
                  )}
                  {(pending === 'submit' || pending === 'approve') && (
                    <Field label={t('dev.room.note')} style={{ minWidth: '360px' }} hint={pending === 'submit' ? t('dev.room.needPhotosHint') : undefined}>
                      <Textarea value={note} onChange={(_, d) => setNote(d.value)} data-testid="sample-note" />
                    </Field>
                  )}
                  <Button
                    appearance="primary"
                    disabled={busy || (pending === 'reject' && !reason.trim()) || (pending === 'resample' && !/^\d{4}-\d{2}-\d{2}$/.test(due))}
                    data-testid="sample-confirm"
                    onClick={() => void run(pending, pending === 'reject' ? { reject_reason: reason } : pending === 'resample' ? { due_date: due } : { comment: note })}
                  >
                    {actionLabel(pending)}
                  </Button>
                  <Button onClick={() => setPending(null)}>{t('dev.room.cancelDialog')}</Button>
                </div>
              )}
              <div data-testid="sample-thread">
                {[...rounds.entries()].sort((a, b) => b[0] - a[0]).map(([round, list]) => (
                  <div key={round} className={s.round} data-testid="sample-round-block" data-round={round}>
                    <strong>{t('dev.room.round', { n: round })}</strong>
                    {!list.length && <p className={s.small}>{t('dev.room.noComments')}</p>}
                    {list.map((c) => (
                      <div key={c.id} className={mergeClasses(s.comment, c.side === 'out' ? s.out : s.in)} data-testid="sample-comment" data-kind={c.kind}>
                        <span className={s.small}>
                          {c.company_name} · {c.author_name} · {c.created_at.slice(0, 19).replace('T', ' ')} · {dict('sample_comment_kind', c.kind)}
                        </span>
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
              {req.status !== 'cancelled' && (
                <div className={s.composer}>
                  <Field label={t('dev.room.comment')}>
                    <Textarea value={text} placeholder={t('dev.room.commentPlaceholder')} onChange={(_, d) => setText(d.value)} data-testid="sample-comment-text" />
                  </Field>
                  <div className={s.actions}>
                    <Button onClick={() => fileInput.current?.click()} data-testid="sample-add-photos">
                      {t('dev.room.addPhotos')}
                    </Button>
                    {photos.length > 0 && <span data-testid="sample-photos-pending">{t('dev.room.photosPending', { n: photos.length })}</span>}
                    <Button appearance="primary" disabled={busy || (!text.trim() && !photos.length)} onClick={() => void sendComment()} data-testid="sample-send-comment">
                      {t('dev.room.sendComment')}
                    </Button>
                  </div>
                  {photos.length > 0 && (
                    <div className={s.photos}>
                      {photos.map((p) => (
                        <StoredImg key={p.id} className={s.photo} src={p.url} alt="" />
                      ))}
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
                      if (f?.length) void addPhotos(f).finally(() => (e.target.value = ''));
                    }}
                  />
                </div>
              )}
            </>
          )}
        </div>
      </SplitPane>
    </div>
  );
}
