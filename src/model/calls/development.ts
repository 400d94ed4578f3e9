import { getCall, postCall, uploadCall } from './call';

/**
 * Product development's sample room (issue 18): the calls of `/scmapi/samplerequest`, served by
 * src/server/services/development/development.routes.ts and called by src/client/pages/development.
 * Requests themselves (written, sent, approved...) go through the generic entity API.
 */
const BASE = '/scmapi/samplerequest';

export type SampleSide = 'out' | 'in';
/** A request as the room's list shows it. */
export type SampleCard = {
  id: number; req_no: string; direction: SampleSide; status: string; sample_type: string; style_code: string | null; style_name: string | null;
  style_image: string | null; partner_name: string | null; round: number; due_date: string | null;
};
/** The request opened in the room. */
export type SampleRequestView = SampleCard & { colour: string | null; sizes: string | null; qty: number; requirements: string | null; reject_reason: string | null; version: number };
export type SampleComment = { id: number; round: number; kind: string; side: SampleSide; company_name: string; author_name: string; body: string | null; photos: string[] | null; created_at: string };
export type SampleRoom = { rows: SampleCard[]; request: SampleRequestView | null; comments: SampleComment[] };

export const developmentCalls = {
  /** The caller's requests (latest 200, both directions) and, with `id`, that one with its comments by round. */
  room: getCall<{ id?: string }, SampleRoom>(`${BASE}/room`),
  photo: uploadCall<{ file: Blob }, { id: number; url: string }>(`${BASE}/photo`),
  /** A comment written on both sides (photos: file ids of the caller's company). */
  comment: postCall<{ id: number; body: string; photos: number[] }, { id: number }>(`${BASE}/comment`),
};
