import { sql } from 'kysely';
import { registerSeeder } from '../../db/seed';
import { insertAnnouncement } from '../notify/announcement.service';
import { insertTask } from '../notify/task.service';
import { withSystemScope, withTenant } from '../../kernel/rls';
import { addComment, moveTicket, saveTicket, type Caller } from './ticket.service';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A few tasks per demo user, some done, some overdue, so the centre and the home to-do have content. */
const TASKS: Record<string, Array<{ subject: string; due: number; priority: string; done?: boolean }>> = {
  brand: [
    { subject: '审核秋冬季大货需求订单', due: 2, priority: 'high' },
    { subject: '确认新供应商准入资料', due: 6, priority: 'normal' },
    { subject: '整理上月异常单扣款', due: -1, priority: 'normal' },
    { subject: '发布春节放假公告', due: -10, priority: 'low', done: true },
  ],
  'brand.buyer': [
    { subject: '跟进针织开衫面料色卡', due: 1, priority: 'high' },
    { subject: '核对牛仔裤洗水样', due: 4, priority: 'normal' },
    { subject: '提交三月采购计划', due: -3, priority: 'normal', done: true },
  ],
  maker: [
    { subject: '确认待接客户订单', due: 0, priority: 'high' },
    { subject: '安排验厂准备', due: 9, priority: 'normal' },
    { subject: '更新产线产能数据', due: -2, priority: 'normal' },
  ],
  'maker.planner': [
    { subject: '排定下周裁床计划', due: 2, priority: 'high' },
    { subject: '跟进拉链到货', due: 1, priority: 'normal' },
    { subject: '复核二月排产完成率', due: -6, priority: 'low', done: true },
  ],
  supplier: [{ subject: '报送面料检测报告', due: 5, priority: 'normal' }],
  'supplier.sales': [
    { subject: '回复品牌询价', due: 1, priority: 'high' },
    { subject: '寄送新季色卡', due: 7, priority: 'normal' },
  ],
};

async function seedTasks(db: Parameters<Parameters<typeof registerSeeder>[0]>[0], tenants: Record<string, number>, users: Record<string, number>): Promise<void> {
  const companyOf: Record<string, string> = { brand: 'BRAND01', 'brand.buyer': 'BRAND01', maker: 'MAKER01', 'maker.planner': 'MAKER01', supplier: 'SUPP01', 'supplier.sales': 'SUPP01' };
  for (const [username, list] of Object.entries(TASKS)) {
    const clientId = tenants[companyOf[username]];
    const userId = users[username];
    if (!clientId || !userId) continue;
    await withTenant(db, clientId, async (tx) => {
      if ((await sql<{ n: number }>`select count(*)::int as n from notify_task where client_id = ${clientId} and user_id = ${userId}`.execute(tx)).rows[0].n > 0) return;
      for (const x of list) await insertTask(tx, { clientId, userId }, { subject: x.subject, due_date: day(x.due), priority: x.priority, status: x.done ? '30' : '10' });
    });
  }
}

/**
 * Demo tickets on orders the brand shared with the maker, one or more in each state, with comments
 * from both sides, and closed ones with their solutions for the knowledge base. Made through the ticket
 * service, as users would, so notices and members are what they would be. Idempotent.
 */
async function seedTickets(db: Parameters<Parameters<typeof registerSeeder>[0]>[0], tenants: Record<string, number>, users: Record<string, number>): Promise<void> {
  const brand = tenants.BRAND01;
  const maker = tenants.MAKER01;
  if (!brand || !maker || !users.brand || !users.maker) return;
  const existing = await withSystemScope(db, async (tx) => (await sql<{ n: number }>`select count(*)::int as n from collab_ticket where client_id in (${brand}, ${maker})`.execute(tx)).rows[0].n);
  if (existing > 0) return;
  const shares = await withSystemScope(db, async (tx) => (await sql<{ pr_id: number; co_id: number }>`select source_id::int as pr_id, target_id::int as co_id from scm_order_share
    where from_client = ${brand} and to_client = ${maker} and source_entity = 'prorder' and target_entity = 'customerorder' and state = 'active' order by id limit 4`.execute(tx)).rows);
  if (!shares.length) return;
  const who = (username: string, clientId: number, fullname: string): Caller => ({ clientId, userId: users[username], fullname });
  const brandAdmin = who('brand', brand, '品牌管理员');
  const buyer = who('brand.buyer', brand, '李采购');
  const makerAdmin = who('maker', maker, '工厂管理员');
  const planner = who('maker.planner', maker, '王计划');
  const s = (i: number) => shares[i % shares.length];

  // In progress: raised by the brand on its requirement order, owned by the maker.
  const a = await saveTicket(db, brandAdmin, {
    doc_type: 'prorder', doc_id: s(0).pr_id, category: 'quality', title: '针织开衫门襟起皱', description: '产前样门襟粘衬后起皱，需调整粘衬温度和压力。',
    level: 'high', tags: '粘衬,门襟', owner_ids: [users.maker], participant_ids: [users['brand.buyer']], guest_ids: [users['maker.planner']],
  });
  await addComment(db, makerAdmin, a.id, '已安排技术部做粘衬测试，明天反馈结果。', []);
  await addComment(db, buyer, a.id, '请同时寄一件改善后的样衣。', []);

  // Closing: raised by the maker on its customer order, waiting for the write-up.
  const b = await saveTicket(db, planner, {
    doc_type: 'customerorder', doc_id: s(1).co_id, category: 'delivery', title: '拉链延期到货', description: '拉链供应商通知延期 5 天到货，影响缝制上线。',
    level: 'medium', tags: '辅料,交期', duration: 6, owner_ids: [users['maker.planner'], users.maker], participant_ids: [users['brand.buyer']],
  });
  await addComment(db, buyer, b.id, '同意交期顺延 3 天，其余请加班追回。', []);
  await addComment(db, planner, b.id, '已调整排产，周末加班追回 2 天。', []);
  await moveTicket(db, planner, b.id, 'close', {});

  // Closed, with solutions: the knowledge base.
  const closed: Array<{ by: Caller; doc: 'prorder' | 'customerorder'; i: number; category: string; title: string; description: string; solution: string; owners: number[]; tags: string; deduct?: number }> = [
    { by: brandAdmin, doc: 'prorder', i: 2, category: 'quality', title: '牛仔裤洗水后色差', description: '大货洗水后与确认样相比偏浅约半级。', solution: '调整酵素洗时间由 40 分钟减为 30 分钟，每缸首件与确认样对色后再批量洗水。', owners: [users.maker], tags: '洗水,色差', deduct: 800 },
    { by: makerAdmin, doc: 'customerorder', i: 3, category: 'material', title: '面料缩水率超标', description: '面料预缩后经向缩水 5%，超过 3% 的要求。', solution: '面料退回供应商重新预缩；以后每批面料到厂先做缩水测试，合格再裁剪。', owners: [users.maker, users['brand.buyer']], tags: '面料,缩水' },
    { by: buyer, doc: 'prorder', i: 1, category: 'process', title: '卫衣帽绳孔位置偏移', description: '抽检发现帽绳孔左右不对称，偏差 5mm。', solution: '更换定位模板并在开孔工序增加首件确认，偏差控制在 2mm 以内。', owners: [users.maker], tags: '工艺,定位' },
  ];
  for (const c of closed) {
    const doc = s(c.i);
    const x = await saveTicket(db, c.by, {
      doc_type: c.doc, doc_id: c.doc === 'prorder' ? doc.pr_id : doc.co_id, category: c.category, title: c.title, description: c.description,
      level: 'medium', tags: c.tags, deduct_amount: c.deduct ?? null, deduct_type: c.deduct ? 'payment' : 'none', owner_ids: c.owners,
    });
    const owner = c.owners[0] === users.maker ? makerAdmin : buyer;
    await addComment(db, owner, x.id, '已分析原因，正在整改。', []);
    await moveTicket(db, owner, x.id, 'close', {});
    await moveTicket(db, owner, x.id, 'finish', { solution: c.solution });
  }
}

/** A few announcements per demo company: published (one public), a draft, a withdrawn one. */
const ANNOUNCEMENTS: Record<string, Array<{ by: string; title: string; category: string; detail: string; department: string; status: string; is_public?: boolean; contact?: string; phone?: string }>> = {
  BRAND01: [
    { by: 'brand', title: '春季新品面料供应商招募', category: 'notice', department: '采购部', status: 'published', is_public: true, contact: '李采购', phone: '021-62345678',
      detail: '悦衣品牌春季新品开发，现招募针织、梭织面料供应商，欢迎符合条件的企业报名。' },
    { by: 'brand', title: '十一月供应商绩效评估安排', category: 'policy', department: '供应链管理部', status: 'published',
      detail: '本月 25 日起开展供应商季度绩效评估，请各采购员在 30 日前完成打分。' },
    { by: 'brand', title: '年度供应商大会（草稿）', category: 'notice', department: '总经办', status: 'draft', detail: '时间地点待定。' },
  ],
  MAKER01: [
    { by: 'maker', title: '车间安全生产月活动', category: 'production', department: '生产部', status: 'published',
      detail: '本月为安全生产月，各车间每周组织一次消防演练，班组长负责签到。' },
    { by: 'maker', title: '元旦放假安排', category: 'holiday', department: '行政部', status: 'published', detail: '1 月 1 日放假一天，2 日正常上班；放假前请做好设备断电检查。' },
    { by: 'maker', title: '旧版作业指导书停用', category: 'policy', department: '技术部', status: 'withdrawn', detail: '已由新版替代。' },
  ],
  SUPP01: [
    { by: 'supplier', title: '新季色卡已上线', category: 'notice', department: '销售部', status: 'published', detail: '2027 春夏色卡已上线，可联系销售索取实物。' },
  ],
};

async function seedAnnouncements(db: Parameters<Parameters<typeof registerSeeder>[0]>[0], tenants: Record<string, number>, users: Record<string, number>): Promise<void> {
  for (const [code, list] of Object.entries(ANNOUNCEMENTS)) {
    const clientId = tenants[code];
    if (!clientId) continue;
    await withTenant(db, clientId, async (tx) => {
      if ((await sql<{ n: number }>`select count(*)::int as n from collab_announcement where client_id = ${clientId}`.execute(tx)).rows[0].n > 0) return;
      for (const a of list) if (users[a.by]) await insertAnnouncement(tx, clientId, users[a.by], a);
    });
  }
}

/**
 * A friend request waiting in the demo (discovery's requests tab): the supplier's administrator asked
 * the brand's. Written as the friend service stores a request, without its notice (the demo's bells
 * start from the orders).
 */
async function seedFriendRequest(db: Parameters<Parameters<typeof registerSeeder>[0]>[0], users: Record<string, number>): Promise<void> {
  const [from, to] = [users.supplier, users.brand];
  if (!from || !to) return;
  await sql`insert into chat_friend (pair_key, requester_id, addressee_id, message) values (${`${Math.min(from, to)}:${Math.max(from, to)}`}, ${from}, ${to}, ${'新季色卡已上线，欢迎交流'})
    on conflict (pair_key) do nothing`.execute(db);
}

registerSeeder(async (db, { tenants, users }) => {
  await seedTasks(db, tenants, users);
  await seedFriendRequest(db, users);
  await seedAnnouncements(db, tenants, users);
  await seedTickets(db, tenants, users);
}, { exchange: true });
