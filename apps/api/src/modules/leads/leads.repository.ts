import { aliasedTable, and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Lead } from '@cellforge/contracts';
import { integratorProfiles, leads, projects, queryRows, users, type Database } from '@cellforge/db';
import { findRobotSummaries, type RobotSummary } from '../catalog';
import { isUuid } from '../../lib/db-values';
import { firstRow } from '../../lib/invariants';

export type LeadRow = typeof leads.$inferSelect;

const sender = aliasedTable(users, 'sender');

function selectLeads(db: Database) {
  return db
    .select({
      lead: leads,
      project: { id: projects.id, projectName: projects.projectName },
      from: {
        id: sender.id,
        firstName: sender.firstName,
        lastName: sender.lastName,
        email: sender.email,
        companyName: sender.companyName,
        phone: sender.phone,
        website: sender.website,
      },
      profile: { city: integratorProfiles.city, website: integratorProfiles.website, companyName: integratorProfiles.companyName },
    })
    .from(leads)
    .innerJoin(sender, eq(sender.id, leads.fromUserId))
    .leftJoin(projects, eq(projects.id, leads.projectId))
    .leftJoin(integratorProfiles, eq(integratorProfiles.userId, leads.fromUserId));
}

type Joined = Awaited<ReturnType<ReturnType<typeof selectLeads>['execute']>>[number];

/** The leads with the robot each is about (read from the catalog, which owns robots). */
async function toLeadDtos(db: Database, rows: Joined[]): Promise<Lead[]> {
  const robotsById = await findRobotSummaries(db, rows.flatMap((r) => (r.lead.robotId ? [r.lead.robotId] : [])));
  return rows.map((row) => toLeadDto(row, row.lead.robotId ? robotsById.get(row.lead.robotId) : undefined));
}

function toLeadDto(row: Joined, robot: RobotSummary | undefined): Lead {
  return {
    id: row.lead.id,
    kind: row.lead.kind as Lead['kind'],
    status: row.lead.status as Lead['status'],
    message: row.lead.message,
    robot: robot ? { id: robot.id, manufacturer: robot.manufacturer, model: robot.model } : null,
    project: row.project?.id ? { id: row.project.id, project_name: row.project.projectName } : null,
    from: {
      id: row.from.id,
      name: `${row.from.firstName} ${row.from.lastName}`.trim(),
      email: row.from.email,
      company_name: row.profile?.companyName ?? row.from.companyName,
      phone: row.from.phone,
      city: row.profile?.city ?? null,
      website: row.profile?.website ?? row.from.website,
    },
    created_at: row.lead.createdAt.toISOString(),
    updated_at: row.lead.updatedAt.toISOString(),
  };
}

export async function listLeadsTo(db: Database, userId: string, kinds?: readonly Lead['kind'][]): Promise<Lead[]> {
  const rows = await selectLeads(db)
    .where(and(eq(leads.toUserId, userId), kinds ? inArray(leads.kind, [...kinds]) : undefined))
    .orderBy(desc(leads.createdAt));
  return toLeadDtos(db, rows);
}

export async function listLeadsFrom(db: Database, userId: string): Promise<Lead[]> {
  const rows = await selectLeads(db).where(eq(leads.fromUserId, userId)).orderBy(desc(leads.createdAt));
  return toLeadDtos(db, rows);
}

export async function findLeadDto(db: Database, id: string): Promise<Lead | undefined> {
  const rows = await selectLeads(db).where(eq(leads.id, id)).limit(1);
  return (await toLeadDtos(db, rows))[0];
}

export async function findLeadRow(db: Database, id: string): Promise<LeadRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
  return row;
}

/** A new conversation: its first message is the sender's `message`, read by the sender. */
export async function insertLead(db: Database, values: typeof leads.$inferInsert): Promise<LeadRow> {
  const now = new Date();
  const rows = await db
    .insert(leads)
    .values({ lastMessageAt: now, lastMessageBy: values.fromUserId, fromReadAt: now, createdAt: now, updatedAt: now, ...values })
    .returning();
  return firstRow(rows, 'the new lead');
}

export async function setLeadStatus(db: Database, id: string, status: string): Promise<void> {
  await db.update(leads).set({ status, updatedAt: new Date() }).where(eq(leads.id, id));
}

export async function findOpenLead(
  db: Database,
  where: { fromUserId: string; robotId?: string; projectId?: string; kind: Lead['kind'] },
): Promise<LeadRow | undefined> {
  const [row] = await db
    .select()
    .from(leads)
    .where(
      and(
        eq(leads.fromUserId, where.fromUserId),
        eq(leads.kind, where.kind),
        where.robotId ? eq(leads.robotId, where.robotId) : undefined,
        where.projectId ? eq(leads.projectId, where.projectId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/**
 * Leads per robot per day (YYYY-MM-DD) over the last `days` days, for the robots given; days
 * without leads are absent. With `toUserId`, only the leads sent to that user (a model is
 * offered by several suppliers: each counts their own).
 */
export async function dailyLeadCounts(db: Database, robotIds: readonly string[], days: number, toUserId?: string): Promise<Array<{ robot_id: string; date: string; leads: number }>> {
  if (!robotIds.length) return [];
  return queryRows(
    db,
    sql`select robot_id, to_char(created_at::date, 'YYYY-MM-DD') as date, count(*)::int as leads
        from leads
        where robot_id = any(${`{${robotIds.join(',')}}`}::uuid[]) and created_at >= current_date - ${days - 1}::int
          ${toUserId ? sql`and to_user_id = ${toUserId}` : sql``}
        group by robot_id, created_at::date`,
  );
}

/** The status message a buyer's acceptance writes in the conversation (supplier analytics count it as a win). */
export const QUOTE_ACCEPTED_TEXT = 'Quote accepted';

export type SellerThreadEvent = { robot_id: string; lead_id: string; kind: 'request' | 'quote' | 'win'; date: string };

/**
 * What happened in the conversations a seller received about the robots given, over the last
 * `days` days (YYYY-MM-DD): each conversation started (request), each quote the seller sent,
 * each acceptance by the buyer (win). Integrators' interests (the integrator is the seller
 * there) are not a supplier's requests.
 */
export async function sellerThreadEvents(db: Database, sellerId: string, robotIds: readonly string[], days: number): Promise<SellerThreadEvent[]> {
  if (!robotIds.length) return [];
  const robotList = `{${robotIds.join(',')}}`;
  return queryRows<SellerThreadEvent>(
    db,
    sql`with mine as (
          select id, robot_id, created_at from leads
          where to_user_id = ${sellerId} and kind <> 'integrator_interest' and robot_id = any(${robotList}::uuid[])
        )
        select robot_id, id as lead_id, 'request' as kind, to_char(created_at::date, 'YYYY-MM-DD') as date
          from mine where created_at >= current_date - ${days - 1}::int
        union all
        select m.robot_id, m.id, case when lm.kind = 'quote' then 'quote' else 'win' end, to_char(lm.created_at::date, 'YYYY-MM-DD')
          from mine m join lead_messages lm on lm.lead_id = m.id
          where lm.created_at >= current_date - ${days - 1}::int
            and ((lm.kind = 'quote' and lm.author_id = ${sellerId}) or (lm.kind = 'status' and lm.body = ${QUOTE_ACCEPTED_TEXT} and lm.author_id <> ${sellerId}))`,
  );
}
