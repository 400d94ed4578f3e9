import { describe, expect, it } from 'vitest';
import type { TransitionDef } from '../../model/entity';
import { ApiError } from '../api/client';
import { runTransitionCall } from './transition-call';

const report: TransitionDef = {
  action: 'report',
  label: { zh: '完工汇报', en: 'Report finished' },
  from: ['released'],
  to: 'finished',
  params: [
    { key: 'report_qty', label: { zh: '完工数量', en: 'Finished qty' }, type: 'integer' },
    { key: 'confirm_short', label: { zh: '确认', en: 'Confirm' }, type: 'boolean' },
  ],
  ask: 'confirm_short',
};
const refusal = (status: number, message: string, errors: Record<string, string> | null, data: unknown) => () => Promise.reject(new ApiError(status, null, message, errors, false, data));

describe('how a transition dialog ends', () => {
  it('a question of the server (needsConfirm) comes back under the ask parameter; the dialog stays open', async () => {
    let closed = false;
    const out = await runTransitionCall(report, refusal(409, '完工数量 8 少于工单数量 10，确认按此数量完工？', null, { needsConfirm: true }), () => (closed = true), 'ok');
    expect(out).toEqual({ confirm_short: '完工数量 8 少于工单数量 10，确认按此数量完工？' });
    expect(closed).toBe(false);
  });
  it('a refused parameter stays under its field; another refusal or a transition without ask closes the dialog', async () => {
    let closed = 0;
    const close = () => closed++;
    expect(await runTransitionCall(report, refusal(400, '请填写完工数量', { report_qty: '请填写完工数量' }, null), close, 'ok')).toEqual({ report_qty: '请填写完工数量' });
    expect(await runTransitionCall(report, refusal(409, 'stale', null, null), close, 'ok')).toBeNull();
    expect(await runTransitionCall({ ...report, ask: undefined }, refusal(409, 'q', null, { needsConfirm: true }), close, 'ok')).toBeNull();
    expect(closed).toBe(2);
  });
});
