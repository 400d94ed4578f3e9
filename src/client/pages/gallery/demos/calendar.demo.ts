/**
 * A month calendar as the calendar views draw it (FullCalendar, Monday first, dates in UTC so a
 * day never moves with the browser's time zone): events by day; a click on a day selects it.
 */
export type GalleryEvent = { id: string; title: string; start: string; end?: string; color?: string };

export const month = '2026-12-01';

export const events: GalleryEvent[] = [
  { id: 'e1', title: '面料到货 / Fabric arrives', start: '2026-12-03' },
  { id: 'e2', title: '产前会 / Pre-production meeting', start: '2026-12-08', color: '#8764b8' },
  { id: 'e3', title: '裁床 / Cutting', start: '2026-12-10', end: '2026-12-13', color: '#13a10e' },
  { id: 'e4', title: '中期验货 / Inline inspection', start: '2026-12-16', color: '#ca5010' },
  { id: 'e5', title: '出货 / Shipment', start: '2026-12-22', color: '#c50f1f' },
];
